package dev.jptx.runtime.sim.alu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** f16 and bf16 arithmetic: exhaustive in one operand for add and mul, sampled for fma. */
class HalfTest {
  /** Every non-negative finite f16 as a double, indexed by its magnitude bits. */
  private static final double[] F16_VALUES = new double[0x7c00];

  static {
    for (int m = 0; m < F16_VALUES.length; m++) {
      F16_VALUES[m] = Ref.Fmt.F16.toDouble(m);
    }
  }

  @Test
  void addF16_allFirstOperandsTimesSampleMatchSingleRounding() {
    String failures =
        Gen.run(
            0x10000,
            a -> {
              SplittableRandom r = Gen.rng(21, a);
              for (int k = 0; k < 48; k++) {
                int b = Gen.half(r, a, 10);
                boolean ftz = (k & 1) != 0;
                boolean sat = (k & 2) != 0;
                int fa = ftz ? flushF16(a) : a;
                int fb = ftz ? flushF16(b) : b;
                double s = f16(fa) + f16(fb);
                int want = satF16(ftz ? flushF16(rnF16(s)) : rnF16(s), sat);
                int got = Half.addF16(a, b, ftz, sat);
                if (got != want) {
                  return "add.f16 "
                      + flags(ftz, sat)
                      + hex4(a)
                      + " "
                      + hex4(b)
                      + " = "
                      + hex4(got)
                      + " want "
                      + hex4(want);
                }
                double p = f16(fa) * f16(fb);
                want = satF16(ftz ? flushF16(rnF16(p)) : rnF16(p), sat);
                got = Half.mulF16(a, b, ftz, sat);
                if (got != want) {
                  return "mul.f16 "
                      + flags(ftz, sat)
                      + hex4(a)
                      + " "
                      + hex4(b)
                      + " = "
                      + hex4(got)
                      + " want "
                      + hex4(want);
                }
              }
              return null;
            });
    assertEquals("", failures);
  }

  @Test
  void fmaF16_roundsOnceLikeExactResult() {
    String failures =
        Gen.run(
            300_000,
            i -> {
              SplittableRandom r = Gen.rng(22, i);
              int a = Gen.half(r, 0x3c00, 10);
              int b = Gen.half(r, 0x3c00, 10);
              int c =
                  Gen.half(r, Half.mulF16(a, b, false, false) ^ (r.nextBoolean() ? 0x8000 : 0), 10);
              int want = refFma(Ref.Fmt.F16, a, b, c);
              int got = Half.fmaF16(a, b, c, false, false, false);
              return got == want
                  ? null
                  : "fma.f16 "
                      + hex4(a)
                      + " "
                      + hex4(b)
                      + " "
                      + hex4(c)
                      + " = "
                      + hex4(got)
                      + " want "
                      + hex4(want);
            });
    assertEquals("", failures);
  }

  @Test
  void bf16_addMulFmaRoundOnce() {
    String failures =
        Gen.run(
            100_000,
            i -> {
              SplittableRandom r = Gen.rng(23, i);
              int a = Gen.half(r, 0x3f80, 7);
              int b = Gen.half(r, r.nextBoolean() ? a : 0x3f80, 7);
              int c = Gen.half(r, Half.mulBf16(a, b) ^ (r.nextBoolean() ? 0x8000 : 0), 7);
              int want = refFma(Ref.Fmt.BF16, a, 0x3f80, b);
              int got = Half.addBf16(a, b);
              if (got != want) {
                return "add.bf16 "
                    + hex4(a)
                    + " "
                    + hex4(b)
                    + " = "
                    + hex4(got)
                    + " want "
                    + hex4(want);
              }
              want = refFma(Ref.Fmt.BF16, a, b, 0x8000);
              got = Half.mulBf16(a, b);
              if (got != want) {
                return "mul.bf16 "
                    + hex4(a)
                    + " "
                    + hex4(b)
                    + " = "
                    + hex4(got)
                    + " want "
                    + hex4(want);
              }
              want = refFma(Ref.Fmt.BF16, a, b, c);
              got = Half.fmaBf16(a, b, c, false);
              return got == want
                  ? null
                  : "fma.bf16 "
                      + hex4(a)
                      + " "
                      + hex4(b)
                      + " "
                      + hex4(c)
                      + " = "
                      + hex4(got)
                      + " want "
                      + hex4(want);
            });
    assertEquals("", failures);
  }

  @Test
  void fmaF16_roundsOnceWhereRoundingThroughF32WouldNot() {
    int a = 0x3f21;
    int b = 0x0c7d;
    int c = 0x3c03;
    double exact = f16(a) * f16(b) + f16(c); // exact in a double
    assertEquals(0x3c04, rnF16((float) exact)); // through f32 it lands on a tie and goes up
    assertEquals(0x3c03, rnF16(exact));
    assertEquals(0x3c03, Half.fmaF16(a, b, c, false, false, false));
  }

  @Test
  void modifiers_reluSatFtzAndPacking() {
    assertEquals(0, Half.fmaF16(0xbc00, 0x3c00, 0, false, false, true)); // -1 -> +0
    assertEquals(Half.CANONICAL_NAN, Half.fmaF16(0x7c00, 0, 0, false, false, true));
    assertEquals(0x3c00, Half.fmaF16(0x4000, 0x4000, 0, false, true, false)); // 4 -> 1
    assertEquals(0x8000, Half.mulF16(0x8001, 0x3c00, true, false));
    assertEquals(0x8001, Half.mulF16(0x8001, 0x3c00, false, false));
    assertEquals(0, Half.fmaBf16(0xbf80, 0x3f80, 0, true));
    // x2: element 0 in the low half
    int a = Half.pack(0x3c00, 0x4000); // {1, 2}
    int b = Half.pack(0x4000, 0x4200); // {2, 3}
    assertEquals(Half.pack(0x4200, 0x4500), Half.addF16x2(a, b, false, false)); // {3, 5}
    assertEquals(Half.pack(0x4000, 0x4600), Half.mulF16x2(a, b, false, false)); // {2, 6}
    assertEquals(Half.pack(0xbc00, 0xbc00), Half.subF16x2(a, b, false, false)); // {-1, -1}
    assertEquals(Half.pack(0x4400, 0x4880), Half.fmaF16x2(a, b, b, false, false, false)); // {4, 9}
    // bf16 {1, 2} + {2, 0.5} = {3, 2.5}
    assertEquals(
        Half.pack(0x4040, 0x4020),
        Half.addBf16x2(Half.pack(0x3f80, 0x4000), Half.pack(0x4000, 0x3f00)));
    assertEquals(Half.pack(0xbc00, 0x4000), Half.negX2(Half.pack(0x3c00, 0xc000), false));
    assertEquals(Half.pack(0x3c00, 0x4000), Half.absX2(Half.pack(0xbc00, 0xc000), false));
  }

  @Test
  void minMax_halfFormats() {
    int nan = 0x7e01;
    assertEquals(0x8000, Half.minF16(0, 0x8000, false, false, false));
    assertEquals(0x3c00, Half.minF16(nan, 0x3c00, false, false, false));
    assertEquals(Half.CANONICAL_NAN, Half.minF16(nan, 0x3c00, false, true, false));
    assertEquals(Half.CANONICAL_NAN, Half.maxF16(nan, 0xfe00, false, false, false));
    assertEquals(0xbc00, Half.minF16(0xc000, 0x3c00, false, false, true));
    assertEquals(0x4000, Half.maxBf16(0x4000, 0xbf80, false, false));
    assertEquals(0xbf80, Half.minBf16(0x4000, 0xbf80, false, false));
    assertEquals(
        Half.pack(0x3c00, 0xc000),
        Half.minF16x2(Half.pack(0x3c00, 0x4000), Half.pack(0x4000, 0xc000), false, false, false));
    assertEquals(
        Half.pack(0x4000, 0x4000),
        Half.maxF16x2(Half.pack(0x3c00, 0x4000), Half.pack(0x4000, 0xc000), false, false, false));
    assertEquals(
        Half.pack(0x3f80, 0x4000),
        Half.maxBf16x2(Half.pack(0x3f80, 0x4000), Half.pack(0xbf80, 0xc000), false, false));
    assertEquals(
        Half.pack(0xbf80, 0xc000),
        Half.minBf16x2(Half.pack(0x3f80, 0x4000), Half.pack(0xbf80, 0xc000), false, false));
  }

  static double f16(int h) {
    return Ref.Fmt.F16.toDouble(h & 0xffff);
  }

  static int flushF16(int h) {
    return (h & 0x7c00) == 0 ? h & 0x8000 : h & 0xffff;
  }

  private static int satF16(int h, boolean sat) {
    if (!sat) {
      return h;
    }
    double x = f16(h);
    return x != x || x <= 0 ? 0 : x >= 1 ? 0x3c00 : h;
  }

  /** Round-to-nearest-even of an exact double to f16, by bracketing in the value table. */
  static int rnF16(double x) {
    if (x != x) {
      return Half.CANONICAL_NAN;
    }
    int sign = Double.doubleToRawLongBits(x) < 0 ? 0x8000 : 0;
    double m = Math.abs(x);
    int lo = 0;
    int hi = F16_VALUES.length - 1;
    if (m >= F16_VALUES[hi]) {
      double limit = F16_VALUES[hi] + (65536.0 - F16_VALUES[hi]) / 2; // midpoint to 2^16
      return sign | (m >= limit ? 0x7c00 : hi);
    }
    while (lo < hi) { // largest index with value <= m
      int mid = (lo + hi + 1) >>> 1;
      if (F16_VALUES[mid] <= m) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    double below = F16_VALUES[lo];
    double above = F16_VALUES[lo + 1];
    double mid = (below + above) / 2;
    boolean up = m > mid || m == mid && (lo & 1) != 0;
    return sign | (up ? lo + 1 : lo);
  }

  /** {@code a * b + c} in the half format, from the exact BigDecimal result. */
  private static int refFma(Ref.Fmt fmt, int a, int b, int c) {
    double x = fmt.toDouble(a & 0xffff);
    double y = fmt.toDouble(b & 0xffff);
    double z = fmt.toDouble(c & 0xffff);
    if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
      double s = x * y + z;
      return s != s ? Half.CANONICAL_NAN : (int) (s > 0 ? fmt.infBits : fmt.infBits | fmt.signBit);
    }
    BigDecimal s = Ref.bd(x).multiply(Ref.bd(y)).add(Ref.bd(z));
    if (s.signum() == 0) {
      boolean negProduct = ((a ^ b) & 0x8000) != 0;
      return Ref.zeroSumNegative(negProduct, (c & 0x8000) != 0, Rounding.RN) ? 0x8000 : 0;
    }
    FloatFormat f = fmt == Ref.Fmt.F16 ? FloatFormat.F16 : FloatFormat.BF16;
    int guess = f.round(s.doubleValue(), 0, Rounding.RN);
    if ((guess & 0x7fff) >= fmt.infBits) {
      guess = (guess & 0x8000) | (int) fmt.infBits - 1;
    }
    return (int) Ref.round(fmt, Ref.of(s), s.signum() < 0, guess, Rounding.RN);
  }

  private static String flags(boolean ftz, boolean sat) {
    return (ftz ? "ftz " : "") + (sat ? "sat " : "");
  }

  private static String hex4(int v) {
    return String.format("0x%04x", v);
  }
}
