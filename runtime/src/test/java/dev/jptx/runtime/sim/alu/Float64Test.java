package dev.jptx.runtime.sim.alu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** f64 arithmetic in every rounding mode against exact BigDecimal results. */
class Float64Test {
  private static final int CASES = 10_000;
  private static final long NAN = Float64.CANONICAL_NAN;
  private static final long NEG_ZERO = 0x8000000000000000L;

  @Test
  void add_everyModeMatchesExactRounding() {
    for (Rounding rnd : Rounding.values()) {
      String failures =
          Gen.run(
              CASES,
              i -> {
                SplittableRandom r = Gen.rng(11, i);
                long a = Gen.f64(r, Float64.ONE);
                long b = Gen.f64(r, a);
                return check("add", a, b, 0, rnd, Float64.add(a, b, rnd), refAdd(a, b, rnd));
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
                SplittableRandom r = Gen.rng(12, i);
                long a = Gen.f64(r, Float64.ONE);
                long b = Gen.f64(r, r.nextBoolean() ? Float64.ONE : a ^ Float64.ONE);
                return check("mul", a, b, 0, rnd, Float64.mul(a, b, rnd), refMul(a, b, rnd));
              });
      assertEquals("", failures);
    }
  }

  @Test
  void fma_everyModeMatchesExactRounding() {
    for (Rounding rnd : Rounding.values()) {
      String failures =
          Gen.run(
              CASES / 2,
              i -> {
                SplittableRandom r = Gen.rng(13, i);
                long a = Gen.f64(r, Float64.ONE);
                long b = Gen.f64(r, Float64.ONE);
                long p = Double.doubleToRawLongBits(d(a) * d(b));
                long c = Gen.f64(r, p ^ (r.nextBoolean() ? NEG_ZERO : 0));
                return check("fma", a, b, c, rnd, Float64.fma(a, b, c, rnd), refFma(a, b, c, rnd));
              });
      assertEquals("", failures);
    }
  }

  @Test
  void divSqrtRcp_everyModeMatchesExactRounding() {
    for (Rounding rnd : Rounding.values()) {
      String failures =
          Gen.run(
              CASES,
              i -> {
                SplittableRandom r = Gen.rng(14, i);
                long a = Gen.f64(r, Float64.ONE);
                long b = Gen.f64(r, r.nextBoolean() ? a : Float64.ONE);
                String s = check("div", a, b, 0, rnd, Float64.div(a, b, rnd), refDiv(a, b, rnd));
                if (s == null) {
                  s = check("sqrt", a, 0, 0, rnd, Float64.sqrt(a, rnd), refSqrt(a, rnd));
                }
                if (s == null) {
                  s = check("rcp", b, 0, 0, rnd, Float64.rcp(b, rnd), refDiv(Float64.ONE, b, rnd));
                }
                return s;
              });
      assertEquals("", failures);
    }
  }

  @Test
  void rn_matchesJavaDoubleArithmetic() {
    String failures =
        Gen.run(
            500_000,
            i -> {
              SplittableRandom r = Gen.rng(16, i);
              long a = Gen.f64(r, Float64.ONE);
              long b = Gen.f64(r, a);
              long c = Gen.f64(r, a);
              double x = d(a);
              double y = d(b);
              boolean ok =
                  Float64.add(a, b, Rounding.RN) == bits(x + y)
                      && Float64.sub(a, b, Rounding.RN) == bits(x - y)
                      && Float64.mul(a, b, Rounding.RN) == bits(x * y)
                      && Float64.div(a, b, Rounding.RN) == bits(x / y)
                      && Float64.sqrt(a, Rounding.RN) == bits(Math.sqrt(x))
                      && Float64.fma(a, b, c, Rounding.RN) == bits(Math.fma(x, y, d(c)));
              return ok ? null : "rn " + Gen.hex(a) + " " + Gen.hex(b) + " " + Gen.hex(c);
            });
    assertEquals("", failures);
  }

  @Test
  void addAndDiv_hugeOperandsNearOverflow() {
    for (Rounding rnd : Rounding.values()) {
      String failures =
          Gen.run(
              CASES / 4,
              i -> {
                SplittableRandom r = Gen.rng(15, i);
                long a =
                    (r.nextBoolean() ? NEG_ZERO : 0)
                        | (long) r.nextInt(1990, 2047) << 52
                        | r.nextLong() >>> 12;
                long b =
                    (r.nextBoolean() ? NEG_ZERO : 0)
                        | (long) r.nextInt(1990, 2047) << 52
                        | r.nextLong() >>> 12;
                String s = check("add", a, b, 0, rnd, Float64.add(a, b, rnd), refAdd(a, b, rnd));
                long tiny = r.nextLong() >>> 12 | (long) r.nextInt(0, 3) << 52;
                return s != null
                    ? s
                    : check(
                        "div", a, tiny, 0, rnd, Float64.div(a, tiny, rnd), refDiv(a, tiny, rnd));
              });
      assertEquals("", failures);
    }
  }

  @Test
  void directedModes_underflowAndOverflowPaths() {
    long min = 1L;
    long half = 0x3fe0000000000000L;
    // MIN_VALUE * 0.5 is a tie between 0 and MIN_VALUE
    assertEquals(0L, Float64.mul(min, half, Rounding.RN));
    assertEquals(min, Float64.mul(min, half, Rounding.RP));
    assertEquals(0L, Float64.mul(min, half, Rounding.RZ));
    assertEquals(NEG_ZERO | min, Float64.mul(min | NEG_ZERO, half, Rounding.RM));
    assertEquals(min, Float64.div(min, 0x4000000000000000L, Rounding.RP));
    assertEquals(
        0x7fefffffffffffffL, Float64.mul(0x7fefffffffffffffL, 0x4000000000000000L, Rounding.RZ));
    assertEquals(
        0x7ff0000000000000L, Float64.mul(0x7fefffffffffffffL, 0x4000000000000000L, Rounding.RP));
    assertEquals(
        0xffefffffffffffffL, Float64.add(0xffefffffffffffffL, 0xffefffffffffffffL, Rounding.RP));
    assertEquals(NEG_ZERO, Float64.add(Float64.ONE, Float64.ONE | NEG_ZERO, Rounding.RM));
    assertEquals(0L, Float64.fma(Float64.ONE, Float64.ONE, Float64.ONE | NEG_ZERO, Rounding.RP));
    assertEquals(
        NEG_ZERO, Float64.fma(Float64.ONE, Float64.ONE, Float64.ONE | NEG_ZERO, Rounding.RM));
    assertEquals(NAN, Float64.fma(0x7ff0000000000000L, 0, Float64.ONE, Rounding.RZ));
    assertEquals(NEG_ZERO, Float64.sqrt(NEG_ZERO, Rounding.RM));
    assertEquals(NAN, Float64.sqrt(Float64.ONE | NEG_ZERO, Rounding.RP));
    // sqrt of the smallest subnormal, 2^-537, is exact
    assertEquals(0x1e60000000000000L, Float64.sqrt(min, Rounding.RZ));
  }

  @Test
  void minMax_andBitOps() {
    long one = Float64.ONE;
    long qnan = 0x7ff8000000000001L;
    assertEquals(NEG_ZERO, Float64.min(0, NEG_ZERO, false));
    assertEquals(0L, Float64.max(NEG_ZERO, 0, false));
    assertEquals(one, Float64.min(qnan, one, false));
    assertEquals(NAN, Float64.max(qnan, one, true));
    assertEquals(NAN, Float64.max(qnan, qnan, false));
    assertEquals(one | NEG_ZERO, Float64.neg(one));
    assertEquals(one, Float64.abs(one | NEG_ZERO));
    assertEquals(one | NEG_ZERO, Float64.copysign(NEG_ZERO, one));
  }

  static double d(long bits) {
    return Double.longBitsToDouble(bits);
  }

  private static String check(
      String op, long a, long b, long c, Rounding rnd, long got, long want) {
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

  private static long bits(double v) {
    return v != v ? NAN : Double.doubleToRawLongBits(v);
  }

  private static long round(Ref.Exact x, boolean negative, double guess, Rounding rnd) {
    if (Double.isInfinite(guess)) {
      guess = Math.copySign(Double.MAX_VALUE, guess);
    }
    return Ref.round(Ref.Fmt.F64, x, negative, bits(guess), rnd);
  }

  static long refAdd(long a, long b, Rounding rnd) {
    double x = d(a);
    double y = d(b);
    if (!Double.isFinite(x) || !Double.isFinite(y)) {
      return bits(x + y);
    }
    BigDecimal s = Ref.bd(x).add(Ref.bd(y));
    if (s.signum() == 0) {
      return Ref.zeroSumNegative(a < 0, b < 0, rnd) ? NEG_ZERO : 0;
    }
    return round(Ref.of(s), s.signum() < 0, x + y, rnd);
  }

  static long refMul(long a, long b, Rounding rnd) {
    double x = d(a);
    double y = d(b);
    if (!Double.isFinite(x) || !Double.isFinite(y) || x == 0 || y == 0) {
      return bits(x * y);
    }
    return round(Ref.of(Ref.bd(x).multiply(Ref.bd(y))), (a ^ b) < 0, x * y, rnd);
  }

  static long refFma(long a, long b, long c, Rounding rnd) {
    double x = d(a);
    double y = d(b);
    double z = d(c);
    if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
      return bits(Math.fma(x, y, z));
    }
    BigDecimal s = Ref.bd(x).multiply(Ref.bd(y)).add(Ref.bd(z));
    if (s.signum() == 0) {
      return Ref.zeroSumNegative((a ^ b) < 0, c < 0, rnd) ? NEG_ZERO : 0;
    }
    return round(Ref.of(s), s.signum() < 0, Math.fma(x, y, z), rnd);
  }

  static long refDiv(long a, long b, Rounding rnd) {
    double x = d(a);
    double y = d(b);
    if (!Double.isFinite(x) || !Double.isFinite(y) || x == 0 || y == 0) {
      return bits(x / y);
    }
    return round(Ref.quotient(Ref.bd(x), Ref.bd(y)), (a ^ b) < 0, x / y, rnd);
  }

  static long refSqrt(long a, Rounding rnd) {
    double x = d(a);
    if (!Double.isFinite(x) || x <= 0) {
      return bits(Math.sqrt(x));
    }
    return round(Ref.sqrt(Ref.bd(x)), false, Math.sqrt(x), rnd);
  }
}
