package dev.jptx.runtime.sim.alu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/** The approximate instructions stay within 1 ulp of StrictMath (tighter than the ISA's bounds). */
class ApproxTest {
  private static final int NAN = Float32.CANONICAL_NAN;
  private static final int INF = 0x7f800000;
  private static final int NEG_INF = 0xff800000;

  @Test
  void f32Functions_withinOneUlpOfStrictMath() {
    check("ex2", a -> Approx.ex2(a, false), x -> StrictMath.pow(2, x), -130, 130);
    check("lg2", a -> Approx.lg2(a, false), x -> StrictMath.log(x) / StrictMath.log(2), 0, 1e30);
    check("sin", a -> Approx.sin(a, false), StrictMath::sin, -100 * Math.PI, 100 * Math.PI);
    check("cos", a -> Approx.cos(a, false), StrictMath::cos, -100 * Math.PI, 100 * Math.PI);
    check("tanh", Approx::tanh, StrictMath::tanh, -10, 10);
    check("rsqrt", a -> Approx.rsqrt(a, false), x -> 1 / StrictMath.sqrt(x), 0, 1e30);
    check("sqrt", a -> Approx.sqrt(a, false), StrictMath::sqrt, 0, 1e30);
    check("rcp", a -> Approx.rcp(a, false), x -> 1 / x, -1e30, 1e30);
  }

  /** {@code |got - exact| <= 1 ulp(got)}, over random operands in [lo, hi] and random bits. */
  private static void check(
      String name, IntUnaryOperator op, DoubleUnaryOperator exact, double lo, double hi) {
    SplittableRandom r = new SplittableRandom(name.hashCode());
    for (int i = 0; i < 20_000; i++) {
      float x = (float) (lo + (hi - lo) * r.nextDouble());
      if (i % 4 == 0) {
        x =
            Float.intBitsToFloat(r.nextInt() & 0x7fffffff)
                * (lo < 0 ? (r.nextBoolean() ? -1 : 1) : 1);
        if (!(x >= lo && x <= hi)) {
          continue;
        }
      }
      int got = op.applyAsInt(Float.floatToRawIntBits(x));
      double want = exact.applyAsDouble(x);
      float g = Float.intBitsToFloat(got);
      String what = name + "(" + x + ") = " + g + ", exact " + want;
      if (Double.isNaN(want)) {
        assertEquals(NAN, got, what);
      } else if (Double.isInfinite(want) || Math.abs(want) > Float.MAX_VALUE) {
        assertTrue(Float.isInfinite(g) || Math.abs(g) == Float.MAX_VALUE, what);
      } else {
        assertTrue(Math.abs(g - want) <= Math.ulp(g), what);
      }
    }
  }

  @Test
  void specialOperands_followTheIsaTables() {
    assertEquals(0, Approx.ex2(NEG_INF, false));
    assertEquals(INF, Approx.ex2(INF, false));
    assertEquals(Float32.ONE, Approx.ex2(0x80000000, false));
    assertEquals(Float32.ONE, Approx.ex2(0x00000001, false));
    assertEquals(0x40000000, Approx.ex2(Float32.ONE, false));
    assertEquals(0x00000001, Approx.ex2(0xc3150000, false)); // 2^-149: subnormal kept
    assertEquals(0, Approx.ex2(0xc3150000, true));
    assertEquals(NEG_INF, Approx.lg2(0, false));
    assertEquals(NEG_INF, Approx.lg2(0x80000000, false));
    assertEquals(NAN, Approx.lg2(0xbf800000, false));
    assertEquals(INF, Approx.lg2(INF, false));
    assertEquals(0xc3150000, Approx.lg2(1, false)); // log2(2^-149) = -149
    assertEquals(NEG_INF, Approx.lg2(1, true));
    assertEquals(0x40400000, Approx.lg2(0x41000000, false)); // log2(8) = 3 exactly
    assertEquals(NAN, Approx.sin(INF, false));
    assertEquals(NAN, Approx.cos(NEG_INF, false));
    assertEquals(0x80000000, Approx.sin(0x80000000, false));
    assertEquals(Float32.ONE, Approx.cos(0x80000000, false));
    assertEquals(Float32.ONE, Approx.tanh(INF));
    assertEquals(0xbf800000, Approx.tanh(NEG_INF));
    assertEquals(0x80000000, Approx.tanh(0x80000000));
    assertEquals(NEG_INF, Approx.rsqrt(0x80000000, false));
    assertEquals(INF, Approx.rsqrt(0, false));
    assertEquals(0, Approx.rsqrt(INF, false));
    assertEquals(NAN, Approx.rsqrt(0xbf800000, false));
    assertEquals(INF, Approx.rsqrt(1, true));
    assertEquals(0xff800000, Approx.rcp(0x80000001, true));
    assertEquals(0x7ff0000000000000L, Approx.rsqrt(0L, false));
    assertEquals(0x3fe0000000000000L, Approx.rsqrt(0x4010000000000000L, false)); // 1/sqrt(4)
    assertEquals(0x7ff0000000000000L, Approx.rcpFtz(1L));
    assertEquals(0L, Approx.rcpFtz(0x7fe0000000000000L)); // 2^-1023 is subnormal: flushed
    assertEquals(0x3fe0000000000000L, Approx.rcpFtz(0x4000000000000000L));
  }

  @Test
  void div_approxFullAndTheIsaLargeDivisorRule() {
    int three = 0x40400000;
    assertEquals(0x3eaaaaab, Approx.div(Float32.ONE, three, false));
    assertEquals(0x3eaaaaab, Approx.divFull(Float32.ONE, three, false));
    int big = 0x7e800001; // just above 2^126
    assertEquals(0, Approx.div(Float32.ONE, big, false));
    assertEquals(0x80000000, Approx.div(0xbf800000, big, false));
    assertEquals(NAN, Approx.div(INF, big, false));
    assertEquals(NAN, Approx.div(INF, INF, false));
    assertEquals(0, Approx.div(Float32.ONE, INF, false));
    assertTrue(Approx.divFull(Float32.ONE, big, false) != 0); // full range keeps the subnormal
    assertEquals(0, Approx.divFull(Float32.ONE, big, true));
  }

  @Test
  void halfFormats_ex2AndTanh() {
    assertEquals(0x4000, Approx.ex2F16(0x3c00)); // 2^1
    assertEquals(0x3800, Approx.ex2F16(0xbc00)); // 2^-1
    assertEquals(0x0001, Approx.ex2F16(0xce00)); // 2^-24: the smallest subnormal
    assertEquals(Half.pack(0x3c00, 0x4400), Approx.ex2F16x2(Half.pack(0, 0x4000)));
    assertEquals(0x4000, Approx.ex2Bf16(0x3f80));
    assertEquals(0, Approx.ex2Bf16(0xc302)); // 2^-130 is subnormal in bf16: flushed
    assertEquals(Half.pack(0x3f80, 0x3f00), Approx.ex2Bf16x2(Half.pack(0, 0xbf80)));
    assertEquals(0x3c00, Approx.tanhF16(0x7c00));
    assertEquals(0xbf80, Approx.tanhBf16(0xff80));
    assertEquals(Half.pack(0, 0x8000), Approx.tanhF16x2(Half.pack(0, 0x8000)));
    assertEquals(Half.pack(0x3f80, 0), Approx.tanhBf16x2(Half.pack(0x7f80, 0)));
    for (int h = 0; h < 0x7c00; h += 7) {
      double x = Half.f16ToDouble(h);
      double t = Half.f16ToDouble(Approx.tanhF16(h));
      assertTrue(
          Math.abs(t - Math.tanh(x)) <= Math.abs(Math.tanh(x)) * 0x1p-10 + 0x1p-25, "tanh " + x);
    }
  }
}
