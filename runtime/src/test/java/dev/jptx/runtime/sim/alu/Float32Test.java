package dev.jptx.runtime.sim.alu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** f32 arithmetic in every rounding mode against exact BigDecimal results. */
class Float32Test {
  private static final int CASES = 100_000;
  private static final int NAN = Float32.CANONICAL_NAN;

  @Test
  void add_everyModeMatchesExactRounding() {
    for (Rounding rnd : Rounding.values()) {
      String failures =
          Gen.run(
              CASES,
              i -> {
                SplittableRandom r = Gen.rng(1, i);
                int a = Gen.f32(r, 0x3f800000);
                int b = Gen.f32(r, a);
                return check(
                    "add", a, b, 0, rnd, Float32.add(a, b, rnd, false, false), refAdd(a, b, rnd));
              });
      assertEquals("", failures);
    }
  }

  @Test
  void sub_everyModeMatchesExactRounding() {
    for (Rounding rnd : Rounding.values()) {
      String failures =
          Gen.run(
              CASES / 4,
              i -> {
                SplittableRandom r = Gen.rng(2, i);
                int a = Gen.f32(r, 0x3f800000);
                int b = Gen.f32(r, a);
                int want = refAdd(a, b ^ 0x80000000, rnd);
                return check("sub", a, b, 0, rnd, Float32.sub(a, b, rnd, false, false), want);
              });
      assertEquals("", failures);
    }
  }

  @Test
  void mul_everyModeMatchesExactRounding() {
    for (Rounding rnd : Rounding.values()) {
      String failures =
          Gen.run(
              CASES,
              i -> {
                SplittableRandom r = Gen.rng(3, i);
                int a = Gen.f32(r, 0x3f800000);
                int b = Gen.f32(r, r.nextBoolean() ? 0x3f800000 : a ^ 0x3f800000);
                return check(
                    "mul", a, b, 0, rnd, Float32.mul(a, b, rnd, false, false), refMul(a, b, rnd));
              });
      assertEquals("", failures);
    }
  }

  @Test
  void fma_everyModeMatchesExactRounding() {
    for (Rounding rnd : Rounding.values()) {
      String failures =
          Gen.run(
              CASES,
              i -> {
                SplittableRandom r = Gen.rng(4, i);
                int a = Gen.f32(r, 0x3f800000);
                int b = Gen.f32(r, 0x3f800000);
                float p = f(a) * f(b);
                int c = Gen.f32(r, Float.floatToRawIntBits(p) ^ (r.nextBoolean() ? 0x80000000 : 0));
                int got = Float32.fma(a, b, c, rnd, false, false);
                return check("fma", a, b, c, rnd, got, refFma(a, b, c, rnd));
              });
      assertEquals("", failures);
    }
  }

  @Test
  void div_everyModeMatchesExactRounding() {
    for (Rounding rnd : Rounding.values()) {
      String failures =
          Gen.run(
              CASES,
              i -> {
                SplittableRandom r = Gen.rng(5, i);
                int a = Gen.f32(r, 0x3f800000);
                int b = Gen.f32(r, r.nextBoolean() ? a : 0x3f800000);
                return check("div", a, b, 0, rnd, Float32.div(a, b, rnd, false), refDiv(a, b, rnd));
              });
      assertEquals("", failures);
    }
  }

  @Test
  void sqrtAndRcp_everyModeMatchesExactRounding() {
    for (Rounding rnd : Rounding.values()) {
      String failures =
          Gen.run(
              CASES,
              i -> {
                SplittableRandom r = Gen.rng(6, i);
                int a = Gen.f32(r, 0x3f800000);
                String s =
                    check("sqrt", a, 0, 0, rnd, Float32.sqrt(a, rnd, false), refSqrt(a, rnd));
                if (s != null) {
                  return s;
                }
                int want = refDiv(Float32.ONE, a, rnd);
                return check("rcp", a, 0, 0, rnd, Float32.rcp(a, rnd, false), want);
              });
      assertEquals("", failures);
    }
  }

  @Test
  void ftzAndSat_matchFlushThenComputeThenClamp() {
    String failures =
        Gen.run(
            CASES / 2,
            i -> {
              SplittableRandom r = Gen.rng(7, i);
              Rounding rnd = Rounding.values()[r.nextInt(4)];
              int a = Gen.f32(r, 0x00800000);
              int b = Gen.f32(r, a);
              int c = Gen.f32(r, a);
              boolean sat = r.nextBoolean();
              int fa = flush(a);
              int fb = flush(b);
              int fc = flush(c);
              int want = sat(flush(refFma(fa, fb, fc, rnd)), sat);
              String s = check("fma.ftz", a, b, c, rnd, Float32.fma(a, b, c, rnd, true, sat), want);
              if (s != null) {
                return s;
              }
              want = sat(flush(refAdd(fa, fb, rnd)), sat);
              s = check("add.ftz", a, b, 0, rnd, Float32.add(a, b, rnd, true, sat), want);
              if (s != null) {
                return s;
              }
              want = sat(flush(refMul(fa, fb, rnd)), sat);
              s = check("mul.ftz", a, b, 0, rnd, Float32.mul(a, b, rnd, true, sat), want);
              if (s != null) {
                return s;
              }
              want = flush(refDiv(fa, fb, rnd));
              return check("div.ftz", a, b, 0, rnd, Float32.div(a, b, rnd, true), want);
            });
    assertEquals("", failures);
  }

  @Test
  void rn_matchesJavaFloatArithmetic() {
    String failures =
        Gen.run(
            1_000_000,
            i -> {
              SplittableRandom r = Gen.rng(8, i);
              int a = Gen.f32(r, 0x3f800000);
              int b = Gen.f32(r, a);
              int c = Gen.f32(r, a);
              float x = f(a);
              float y = f(b);
              boolean ok =
                  Float32.add(a, b, Rounding.RN, false, false) == bits(x + y)
                      && Float32.sub(a, b, Rounding.RN, false, false) == bits(x - y)
                      && Float32.mul(a, b, Rounding.RN, false, false) == bits(x * y)
                      && Float32.div(a, b, Rounding.RN, false) == bits(x / y)
                      && Float32.sqrt(a, Rounding.RN, false) == bits((float) Math.sqrt(x))
                      && Float32.fma(a, b, c, Rounding.RN, false, false)
                          == bits(Math.fma(x, y, f(c)));
              return ok ? null : "rn " + Gen.hex(a) + " " + Gen.hex(b) + " " + Gen.hex(c);
            });
    assertEquals("", failures);
  }

  @Test
  void add_edgeCasesFollowIeee() {
    // exact cancellation: +0 except under .rm
    assertEquals(0, Float32.add(0x3f800000, 0xbf800000, Rounding.RN, false, false));
    assertEquals(0x80000000, Float32.add(0x3f800000, 0xbf800000, Rounding.RM, false, false));
    assertEquals(0x80000000, Float32.add(0x80000000, 0x80000000, Rounding.RP, false, false));
    assertEquals(0, Float32.sub(0, 0, Rounding.RN, false, false));
    assertEquals(0x80000000, Float32.sub(0, 0, Rounding.RM, false, false));
    // 1 + 2^-24 is a tie: to even (1.0); 1 + 2^-24 + tiny is above it
    assertEquals(0x3f800000, Float32.add(0x3f800000, 0x33800000, Rounding.RN, false, false));
    assertEquals(0x3f800001, Float32.add(0x3f800000, 0x33800000, Rounding.RP, false, false));
    assertEquals(0x3f800000, Float32.add(0x3f800000, 0x00000001, Rounding.RZ, false, false));
    assertEquals(0x3f800001, Float32.add(0x3f800000, 0x00000001, Rounding.RP, false, false));
    assertEquals(0x3f7fffff, Float32.add(0x3f800000, 0x80000001, Rounding.RZ, false, false));
    // overflow: infinity or the largest finite value depending on direction
    assertEquals(0x7f800000, Float32.add(0x7f7fffff, 0x7f7fffff, Rounding.RN, false, false));
    assertEquals(0x7f7fffff, Float32.add(0x7f7fffff, 0x7f7fffff, Rounding.RZ, false, false));
    assertEquals(0xff7fffff, Float32.add(0xff7fffff, 0xff7fffff, Rounding.RP, false, false));
    assertEquals(NAN, Float32.add(0x7f800000, 0xff800000, Rounding.RN, false, false));
    assertEquals(NAN, Float32.add(0x7fc01234, 0x3f800000, Rounding.RZ, false, false));
  }

  @Test
  void sat_clampsAndTurnsNanAndNegativeZeroIntoPlusZero() {
    assertEquals(Float32.ONE, Float32.add(0x3f800000, 0x3f800000, Rounding.RN, false, true));
    assertEquals(0, Float32.add(0xbf800000, 0, Rounding.RN, false, true));
    assertEquals(0, Float32.mul(0x80000000, 0x3f800000, Rounding.RN, false, true));
    assertEquals(0, Float32.add(0x7f800000, 0xff800000, Rounding.RN, false, true));
    assertEquals(0x3f000000, Float32.mul(0x3f000000, 0x3f800000, Rounding.RN, false, true));
  }

  @Test
  void ftz_flushesSubnormalOperandsAndResultsKeepingSign() {
    assertEquals(0x80000000, Float32.mul(0x80000001, 0x3f800000, Rounding.RN, true, false));
    assertEquals(0x80000001, Float32.mul(0x80000001, 0x3f800000, Rounding.RN, false, false));
    // 2^-126 * 0.5 is subnormal: flushed
    assertEquals(0, Float32.mul(0x00800000, 0x3f000000, Rounding.RN, true, false));
    assertEquals(0x00400000, Float32.mul(0x00800000, 0x3f000000, Rounding.RN, false, false));
    assertEquals(0x80000000, Float32.neg(0x00000005, true));
    assertEquals(0, Float32.abs(0x80000005, true));
  }

  @Test
  void minMax_followPtxNanAndZeroRules() {
    int one = 0x3f800000;
    int two = 0x40000000;
    int qnan = 0x7fc00001;
    assertEquals(one, Float32.min(one, two, false, false, false));
    assertEquals(two, Float32.max(one, two, false, false, false));
    assertEquals(0x80000000, Float32.min(0, 0x80000000, false, false, false));
    assertEquals(0x80000000, Float32.min(0x80000000, 0, false, false, false));
    assertEquals(0, Float32.max(0x80000000, 0, false, false, false));
    assertEquals(one, Float32.min(qnan, one, false, false, false));
    assertEquals(one, Float32.max(one, qnan, false, false, false));
    assertEquals(NAN, Float32.min(qnan, 0xffc00000, false, false, false));
    assertEquals(NAN, Float32.min(qnan, one, false, true, false));
    assertEquals(NAN, Float32.max(one, qnan, false, true, false));
    // xorsign.abs: min(|-2|, |1|) = 1 with sign 1 ^ 0
    assertEquals(0xbf800000, Float32.min(0xc0000000, one, false, false, true));
    assertEquals(0x40000000, Float32.max(0xc0000000, 0xbf800000, false, false, true));
    assertEquals(0x80000000, Float32.min(0x80000001, 0x3f800000, true, false, false));
    assertEquals(0x3f800000, Float32.copysign(0x00000000, 0xbf800000));
    assertEquals(0xbf800000, Float32.copysign(0x80000000, 0x3f800000));
  }

  @Test
  void testp_classifiesEveryKindOfValue() {
    int[] values = {
      0, 0x80000000, 1, 0x807fffff, 0x00800000, 0x3f800000, 0x7f800000, 0xff800000, 0x7fc00000
    };
    boolean[][] expected = {
      // finite, infinite, number, notanumber, normal, subnormal
      {true, false, true, false, true, false},
      {true, false, true, false, true, false},
      {true, false, true, false, false, true},
      {true, false, true, false, false, true},
      {true, false, true, false, true, false},
      {true, false, true, false, true, false},
      {false, true, true, false, false, false},
      {false, true, true, false, false, false},
      {false, false, false, true, false, false},
    };
    for (int i = 0; i < values.length; i++) {
      for (TestpOp op : TestpOp.values()) {
        assertEquals(expected[i][op.ordinal()], Float32.testp(op, values[i]), op + " " + i);
        long wide = Double.doubleToRawLongBits(f(values[i]));
        if (i != 2 && i != 3) {
          assertEquals(expected[i][op.ordinal()], Float64.testp(op, wide), op + " f64 " + i);
        }
      }
    }
    assertTrue(Float64.testp(TestpOp.SUBNORMAL, 1L));
    assertFalse(Float64.testp(TestpOp.NORMAL, 1L));
  }

  @Test
  void sqrtAndDiv_specialOperands() {
    assertEquals(0x80000000, Float32.sqrt(0x80000000, Rounding.RP, false));
    assertEquals(NAN, Float32.sqrt(0xbf800000, Rounding.RN, false));
    assertEquals(0x7f800000, Float32.sqrt(0x7f800000, Rounding.RZ, false));
    assertEquals(0xff800000, Float32.div(0xbf800000, 0, Rounding.RZ, false));
    assertEquals(NAN, Float32.div(0, 0, Rounding.RM, false));
    assertEquals(0x80000000, Float32.rcp(0xff800000, Rounding.RP, false));
    // 1/3 rounded each way
    assertEquals(0x3eaaaaab, Float32.div(0x3f800000, 0x40400000, Rounding.RN, false));
    assertEquals(0x3eaaaaaa, Float32.div(0x3f800000, 0x40400000, Rounding.RZ, false));
    assertEquals(0x3eaaaaab, Float32.div(0x3f800000, 0x40400000, Rounding.RP, false));
    assertEquals(0xbeaaaaab, Float32.div(0xbf800000, 0x40400000, Rounding.RM, false));
  }

  static float f(int bits) {
    return Float.intBitsToFloat(bits);
  }

  static int flush(int a) {
    return (a & 0x7f800000) == 0 ? a & 0x80000000 : a;
  }

  static int sat(int a, boolean sat) {
    if (!sat) {
      return a;
    }
    float x = f(a);
    return x != x || x <= 0 ? 0 : x >= 1 ? 0x3f800000 : a;
  }

  private static String check(String op, int a, int b, int c, Rounding rnd, int got, int want) {
    if (got == want) {
      return null;
    }
    return op
        + "."
        + rnd
        + "("
        + Gen.hex(a)
        + ", "
        + Gen.hex(b)
        + ", "
        + Gen.hex(c)
        + ") = "
        + Gen.hex(got)
        + ", want "
        + Gen.hex(want);
  }

  private static int bits(float v) {
    return v != v ? NAN : Float.floatToRawIntBits(v);
  }

  private static int round(BigDecimal x, Rounding rnd, float guess) {
    if (Float.isInfinite(guess)) {
      guess = Math.copySign(Float.MAX_VALUE, guess);
    }
    return (int) Ref.round(Ref.Fmt.F32, Ref.of(x), x.signum() < 0, bits(guess) & 0xffffffffL, rnd);
  }

  static int refAdd(int a, int b, Rounding rnd) {
    float x = f(a);
    float y = f(b);
    if (!Float.isFinite(x) || !Float.isFinite(y)) {
      return bits(x + y);
    }
    BigDecimal s = Ref.bd(x).add(Ref.bd(y));
    if (s.signum() == 0) {
      return Ref.zeroSumNegative(a < 0, b < 0, rnd) ? 0x80000000 : 0;
    }
    return round(s, rnd, x + y);
  }

  static int refMul(int a, int b, Rounding rnd) {
    float x = f(a);
    float y = f(b);
    if (!Float.isFinite(x) || !Float.isFinite(y) || x == 0 || y == 0) {
      return bits(x * y);
    }
    return round(Ref.bd(x).multiply(Ref.bd(y)), rnd, x * y);
  }

  static int refFma(int a, int b, int c, Rounding rnd) {
    float x = f(a);
    float y = f(b);
    float z = f(c);
    if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z)) {
      return bits((float) ((double) x * y + z));
    }
    BigDecimal s = Ref.bd(x).multiply(Ref.bd(y)).add(Ref.bd(z));
    if (s.signum() == 0) {
      return Ref.zeroSumNegative((a ^ b) < 0, c < 0, rnd) ? 0x80000000 : 0;
    }
    return round(s, rnd, (float) ((double) x * y + z));
  }

  static int refDiv(int a, int b, Rounding rnd) {
    float x = f(a);
    float y = f(b);
    if (!Float.isFinite(x) || !Float.isFinite(y) || x == 0 || y == 0) {
      return bits(x / y);
    }
    float guess = x / y;
    if (Float.isInfinite(guess)) {
      guess = Math.copySign(Float.MAX_VALUE, guess);
    }
    boolean negative = (a ^ b) < 0;
    Ref.Exact q = Ref.quotient(Ref.bd(x), Ref.bd(y));
    return (int) Ref.round(Ref.Fmt.F32, q, negative, bits(guess) & 0xffffffffL, rnd);
  }

  static int refSqrt(int a, Rounding rnd) {
    float x = f(a);
    if (!Float.isFinite(x) || x <= 0) {
      return bits((float) Math.sqrt(x));
    }
    float guess = (float) Math.sqrt(x);
    return (int) Ref.round(Ref.Fmt.F32, Ref.sqrt(Ref.bd(x)), false, bits(guess), rnd);
  }
}
