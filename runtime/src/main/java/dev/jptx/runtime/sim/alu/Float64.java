package dev.jptx.runtime.sim.alu;

/**
 * {@code .f64} arithmetic with the four rounding modes. Operands and results are {@code long} bit
 * patterns. PTX has no {@code .ftz} or {@code .sat} on f64 arithmetic.
 *
 * <p>{@code .rn} is Java's own double arithmetic. The directed modes take the round-to-nearest
 * result and the sign of its exact error (TwoSum for sums, {@code Math.fma} for products, the
 * {@code Math.fma} remainder for quotients and square roots) and step to the neighbouring double
 * when the direction requires it. Where that error term would underflow, and for every directed
 * fused multiply-add, the exact result is rounded through {@link ExactDouble} instead.
 */
public final class Float64 {
  /** The NaN every f64 arithmetic instruction produces here. */
  public static final long CANONICAL_NAN = 0x7fffffffffffffffL;

  /** The bits of 1.0. */
  public static final long ONE = 0x3ff0000000000000L;

  private static final long SIGN = 0x8000000000000000L;

  /** Below this magnitude a product's or quotient's error term may not be representable. */
  private static final double SAFE_MIN = 0x1p-960;

  private Float64() {}

  /**
   * {@code add.rnd.f64}.
   *
   * @param a first operand
   * @param b second operand
   * @param rnd rounding direction
   * @return {@code a + b}
   */
  public static long add(long a, long b, Rounding rnd) {
    double x = d(a);
    double y = d(b);
    double s = x + y;
    if (rnd == Rounding.RN) {
      return canonical(s);
    }
    if (!Double.isFinite(s)) {
      return Double.isFinite(x) && Double.isFinite(y) ? overflow(s < 0, rnd) : canonical(s);
    }
    if (s == 0) {
      return Float32.zeroSum(a < 0, b < 0, rnd) ? SIGN : 0;
    }
    double err = Float32.twoSumError(x, y, s);
    if (!Double.isFinite(err)) {
      return bits(ExactDouble.add(x, y, rnd)); // TwoSum overflowed internally
    }
    return bits(directed(s, err, rnd));
  }

  /**
   * {@code sub.rnd.f64}.
   *
   * @param a minuend
   * @param b subtrahend
   * @param rnd rounding direction
   * @return {@code a - b}
   */
  public static long sub(long a, long b, Rounding rnd) {
    return add(a, b ^ SIGN, rnd);
  }

  /**
   * {@code mul.rnd.f64}.
   *
   * @param a first factor
   * @param b second factor
   * @param rnd rounding direction
   * @return {@code a * b}
   */
  public static long mul(long a, long b, Rounding rnd) {
    double x = d(a);
    double y = d(b);
    double p = x * y;
    if (rnd == Rounding.RN || !Double.isFinite(x) || !Double.isFinite(y) || x == 0 || y == 0) {
      return canonical(p);
    }
    if (Double.isInfinite(p)) {
      return overflow(p < 0, rnd);
    }
    if (Math.abs(p) < SAFE_MIN) {
      return bits(ExactDouble.mul(x, y, rnd));
    }
    return bits(directed(p, Math.fma(x, y, -p), rnd));
  }

  /**
   * {@code fma.rnd.f64} and {@code mad.rnd.f64}: {@code a * b + c} rounded once. Directed modes
   * compute the exact result with big integers.
   *
   * @param a first factor
   * @param b second factor
   * @param c addend
   * @param rnd rounding direction
   * @return the fused multiply-add
   */
  public static long fma(long a, long b, long c, Rounding rnd) {
    double x = d(a);
    double y = d(b);
    double z = d(c);
    if (rnd == Rounding.RN || !Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
      return canonical(Math.fma(x, y, z));
    }
    return bits(ExactDouble.fma(x, y, z, rnd));
  }

  /**
   * {@code div.rnd.f64}: IEEE division.
   *
   * @param a dividend
   * @param b divisor
   * @param rnd rounding direction
   * @return {@code a / b}
   */
  public static long div(long a, long b, Rounding rnd) {
    double x = d(a);
    double y = d(b);
    double q = x / y;
    if (rnd == Rounding.RN || !Double.isFinite(x) || !Double.isFinite(y) || x == 0 || y == 0) {
      return canonical(q);
    }
    if (Double.isInfinite(q)) {
      return overflow(q < 0, rnd);
    }
    // The remainder x - q*y is exact when its last place, ulp(q)*ulp(y), does not underflow.
    int eq = Math.max(Math.getExponent(q), Double.MIN_EXPONENT);
    int ey = Math.max(Math.getExponent(y), Double.MIN_EXPONENT);
    if (eq + ey < -960) {
      return bits(ExactDouble.div(x, y, rnd));
    }
    double rem = Math.fma(-q, y, x);
    return bits(directed(q, y > 0 ? rem : -rem, rnd));
  }

  /**
   * {@code rcp.rnd.f64}: IEEE reciprocal.
   *
   * @param a the operand
   * @param rnd rounding direction
   * @return {@code 1 / a}
   */
  public static long rcp(long a, Rounding rnd) {
    return div(ONE, a, rnd);
  }

  /**
   * {@code sqrt.rnd.f64}: IEEE square root; {@code sqrt(-0) = -0}, negative operands give NaN.
   *
   * @param a the operand
   * @param rnd rounding direction
   * @return the square root
   */
  public static long sqrt(long a, Rounding rnd) {
    double x = d(a);
    double s = Math.sqrt(x);
    if (rnd == Rounding.RN || !Double.isFinite(s) || s == 0) {
      return canonical(s);
    }
    if (x >= SAFE_MIN) {
      return bits(directed(s, Math.fma(-s, s, x), rnd));
    }
    // Scale tiny operands by an even power of two so the remainder cannot underflow; the
    // unscaled result is normal, so scaling back is exact.
    double xs = x * 0x1p200;
    double ss = Math.sqrt(xs);
    return bits(directed(ss, Math.fma(-ss, ss, xs), rnd) * 0x1p-100);
  }

  /**
   * {@code neg.f64}: flips the sign bit.
   *
   * @param a the operand
   * @return {@code -a}
   */
  public static long neg(long a) {
    return a ^ SIGN;
  }

  /**
   * {@code abs.f64}: clears the sign bit.
   *
   * @param a the operand
   * @return {@code |a|}
   */
  public static long abs(long a) {
    return a & ~SIGN;
  }

  /**
   * {@code copysign.f64 d, a, b}: {@code b} with the sign of {@code a}.
   *
   * @param a the operand whose sign is taken
   * @param b the operand whose magnitude is taken
   * @return the combination
   */
  public static long copysign(long a, long b) {
    return (a & SIGN) | (b & ~SIGN);
  }

  /**
   * {@code min.f64}: -0.0 is less than +0.0; a NaN operand is ignored, two NaNs (or any NaN with
   * {@code propagateNan}) give the canonical NaN.
   *
   * @param a first operand
   * @param b second operand
   * @param propagateNan the {@code .NaN} behaviour (PTX has it for f32 and half types only)
   * @return the minimum
   */
  public static long min(long a, long b, boolean propagateNan) {
    return minMax(a, b, propagateNan, true);
  }

  /**
   * {@code max.f64}, with the rules of {@link #min}.
   *
   * @param a first operand
   * @param b second operand
   * @param propagateNan the {@code .NaN} behaviour
   * @return the maximum
   */
  public static long max(long a, long b, boolean propagateNan) {
    return minMax(a, b, propagateNan, false);
  }

  private static long minMax(long a, long b, boolean propagateNan, boolean min) {
    boolean nanA = isNan(a);
    boolean nanB = isNan(b);
    if (nanA || nanB) {
      return propagateNan || nanA && nanB ? CANONICAL_NAN : nanA ? b : a;
    }
    long ka = a < 0 ? ~(a & ~SIGN) : a;
    long kb = b < 0 ? ~(b & ~SIGN) : b;
    return min == (ka < kb) ? a : b;
  }

  /**
   * {@code testp.op.f64}.
   *
   * @param op the property
   * @param a the operand
   * @return whether {@code a} has it
   */
  public static boolean testp(TestpOp op, long a) {
    long exp = a & 0x7ff0000000000000L;
    long frac = a & 0x000fffffffffffffL;
    boolean special = exp == 0x7ff0000000000000L;
    switch (op) {
      case FINITE:
        return !special;
      case INFINITE:
        return special && frac == 0;
      case NUMBER:
        return !special || frac == 0;
      case NOTANUMBER:
        return special && frac != 0;
      case NORMAL:
        return !special && (exp != 0 || frac == 0);
      case SUBNORMAL:
        return exp == 0 && frac != 0;
      default:
        throw new IllegalArgumentException(op.toString());
    }
  }

  static boolean isNan(long a) {
    return (a & ~SIGN) > 0x7ff0000000000000L;
  }

  static double d(long bits) {
    return Double.longBitsToDouble(bits);
  }

  static long bits(double v) {
    return Double.doubleToRawLongBits(v);
  }

  static long canonical(double r) {
    return r != r ? CANONICAL_NAN : Double.doubleToRawLongBits(r);
  }

  /**
   * Rounds the exact value {@code s + err} in a directed mode, where {@code s} is the exact value
   * rounded to nearest (finite) and only the sign of {@code err} is read.
   */
  static double directed(double s, double err, Rounding rnd) {
    if (err == 0 || rnd == Rounding.RN) {
      return s;
    }
    boolean up = err > 0;
    if (rnd == Rounding.RZ) {
      if (s == 0) {
        return up ? 0.0 : -0.0;
      }
      up = s < 0 ? up : false;
      boolean down = s > 0 && err < 0;
      return up ? Math.nextUp(s) : down ? Math.nextDown(s) : s;
    }
    if (rnd == Rounding.RP) {
      return up ? Math.nextUp(s) : s;
    }
    return up ? s : Math.nextDown(s);
  }

  private static long overflow(boolean negative, Rounding rnd) {
    return bits(ExactDouble.overflow(negative, rnd));
  }
}
