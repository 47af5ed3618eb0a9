package dev.jptx.runtime.sim.alu;

/**
 * {@code .f32} arithmetic with the IEEE-exact instructions' rounding modes, {@code .ftz} and {@code
 * .sat}. Operands and results are {@code int} bit patterns.
 *
 * <p>Every rounded operation is exact to the last bit in all four directions: the result is
 * computed as a double plus an exactly known error (a float product is exact in a double; sums use
 * TwoSum; quotients and square roots use the {@code Math.fma} remainder), then rounded once by
 * {@link FloatFormat#round}. {@code .ftz} flushes subnormal operands before the operation and a
 * subnormal result after rounding; {@code .sat} is applied last.
 */
public final class Float32 {
  /** The NaN every f32 arithmetic instruction produces. */
  public static final int CANONICAL_NAN = 0x7fffffff;

  /** The bits of 1.0f. */
  public static final int ONE = 0x3f800000;

  private static final int SIGN = 0x80000000;
  private static final FloatFormat F32 = FloatFormat.F32;

  private Float32() {}

  /**
   * {@code add{.rnd}{.ftz}{.sat}.f32}.
   *
   * @param a first operand
   * @param b second operand
   * @param rnd rounding direction ({@code .rn} when the instruction has none)
   * @param ftz flush subnormal operands and result
   * @param sat clamp the result to [0, 1]
   * @return {@code a + b}
   */
  public static int add(int a, int b, Rounding rnd, boolean ftz, boolean sat) {
    if (ftz) {
      a = F32.flush(a);
      b = F32.flush(b);
    }
    int r = rnd == Rounding.RN ? canonical(f(a) + f(b)) : addRounded(a, b, rnd);
    return finish(r, ftz, sat);
  }

  /**
   * {@code sub{.rnd}{.ftz}{.sat}.f32}.
   *
   * @param a minuend
   * @param b subtrahend
   * @param rnd rounding direction
   * @param ftz flush subnormal operands and result
   * @param sat clamp the result to [0, 1]
   * @return {@code a - b}
   */
  public static int sub(int a, int b, Rounding rnd, boolean ftz, boolean sat) {
    return add(a, b ^ SIGN, rnd, ftz, sat);
  }

  /**
   * {@code mul{.rnd}{.ftz}{.sat}.f32}.
   *
   * @param a first factor
   * @param b second factor
   * @param rnd rounding direction
   * @param ftz flush subnormal operands and result
   * @param sat clamp the result to [0, 1]
   * @return {@code a * b}
   */
  public static int mul(int a, int b, Rounding rnd, boolean ftz, boolean sat) {
    if (ftz) {
      a = F32.flush(a);
      b = F32.flush(b);
    }
    int r;
    if (rnd == Rounding.RN) {
      r = canonical(f(a) * f(b));
    } else {
      double p = (double) f(a) * f(b); // exact: 24 + 24 significand bits
      r = F32.round(p, 0, rnd);
    }
    return finish(r, ftz, sat);
  }

  /**
   * {@code fma.rnd{.ftz}{.sat}.f32} and {@code mad.rnd{.ftz}{.sat}.f32}: {@code a * b + c} rounded
   * once.
   *
   * @param a first factor
   * @param b second factor
   * @param c addend
   * @param rnd rounding direction
   * @param ftz flush subnormal operands and result
   * @param sat clamp the result to [0, 1]
   * @return the fused multiply-add
   */
  public static int fma(int a, int b, int c, Rounding rnd, boolean ftz, boolean sat) {
    if (ftz) {
      a = F32.flush(a);
      b = F32.flush(b);
      c = F32.flush(c);
    }
    double p = (double) f(a) * f(b);
    double z = f(c);
    double s = p + z;
    int r;
    if (!Double.isFinite(s) || !Double.isFinite(p) || !Double.isFinite(z)) {
      r = canonical(s); // a float product never overflows a double: only special operands here
    } else if (s == 0) {
      r = zeroSum(Double.doubleToRawLongBits(p) < 0, c < 0, rnd) ? SIGN : 0;
    } else {
      r = F32.round(s, twoSumError(p, z, s), rnd);
    }
    return finish(r, ftz, sat);
  }

  /**
   * {@code div.rnd{.ftz}.f32}: IEEE division.
   *
   * @param a dividend
   * @param b divisor
   * @param rnd rounding direction
   * @param ftz flush subnormal operands and result
   * @return {@code a / b}
   */
  public static int div(int a, int b, Rounding rnd, boolean ftz) {
    if (ftz) {
      a = F32.flush(a);
      b = F32.flush(b);
    }
    int r;
    if (rnd == Rounding.RN) {
      r = canonical(f(a) / f(b));
    } else {
      double x = f(a);
      double y = f(b);
      double q = x / y;
      if (!Double.isFinite(q) || q == 0) {
        r = canonical(q); // NaN, infinity, zero operands: exact special results
      } else {
        double rem = Math.fma(-q, y, x); // exact: sign of (a/b - q) is sign(rem) * sign(b)
        r = F32.round(q, y > 0 ? rem : -rem, rnd);
      }
    }
    return ftz ? F32.flush(r) : r;
  }

  /**
   * {@code rcp.rnd{.ftz}.f32}: IEEE reciprocal.
   *
   * @param a the operand
   * @param rnd rounding direction
   * @param ftz flush subnormal operand and result
   * @return {@code 1 / a}
   */
  public static int rcp(int a, Rounding rnd, boolean ftz) {
    return div(ONE, a, rnd, ftz);
  }

  /**
   * {@code sqrt.rnd{.ftz}.f32}: IEEE square root; {@code sqrt(-0) = -0}, negative operands give
   * NaN.
   *
   * @param a the operand
   * @param rnd rounding direction
   * @param ftz flush subnormal operand (results are never subnormal)
   * @return the square root
   */
  public static int sqrt(int a, Rounding rnd, boolean ftz) {
    if (ftz) {
      a = F32.flush(a);
    }
    double x = f(a);
    double s = Math.sqrt(x); // a double has 2p+2 bits: rounding it to nearest float is exact
    if (rnd == Rounding.RN || !Double.isFinite(s) || s == 0) {
      return canonical((float) s);
    }
    return F32.round(s, Math.fma(-s, s, x), rnd);
  }

  /**
   * {@code neg{.ftz}.f32}: flips the sign bit (a NaN keeps its payload).
   *
   * @param a the operand
   * @param ftz flush a subnormal operand first
   * @return {@code -a}
   */
  public static int neg(int a, boolean ftz) {
    return (ftz ? F32.flush(a) : a) ^ SIGN;
  }

  /**
   * {@code abs{.ftz}.f32}: clears the sign bit (a NaN keeps its payload).
   *
   * @param a the operand
   * @param ftz flush a subnormal operand first
   * @return {@code |a|}
   */
  public static int abs(int a, boolean ftz) {
    return (ftz ? F32.flush(a) : a) & ~SIGN;
  }

  /**
   * {@code copysign.f32 d, a, b}: {@code b} with the sign of {@code a} (note the operand order).
   *
   * @param a the operand whose sign is taken
   * @param b the operand whose magnitude is taken
   * @return the combination
   */
  public static int copysign(int a, int b) {
    return (a & SIGN) | (b & ~SIGN);
  }

  /**
   * {@code min{.ftz}{.NaN}{.xorsign.abs}.f32}. -0.0 is less than +0.0. Without {@code .NaN} a NaN
   * operand is ignored (the other operand is returned, payload and all) and two NaNs give the
   * canonical NaN; with {@code .NaN} any NaN operand gives the canonical NaN. With {@code
   * .xorsign.abs} the minimum of the magnitudes is taken and its sign set to the XOR of the
   * operands' signs; a NaN result stays the canonical (positive) NaN.
   *
   * @param a first operand
   * @param b second operand
   * @param ftz flush subnormal operands
   * @param propagateNan the {@code .NaN} modifier
   * @param xorsignAbs the {@code .xorsign.abs} modifier
   * @return the minimum
   */
  public static int min(int a, int b, boolean ftz, boolean propagateNan, boolean xorsignAbs) {
    return minMax(a, b, ftz, propagateNan, xorsignAbs, true);
  }

  /**
   * {@code max{.ftz}{.NaN}{.xorsign.abs}.f32}, with the NaN and sign rules of {@link #min}.
   *
   * @param a first operand
   * @param b second operand
   * @param ftz flush subnormal operands
   * @param propagateNan the {@code .NaN} modifier
   * @param xorsignAbs the {@code .xorsign.abs} modifier
   * @return the maximum
   */
  public static int max(int a, int b, boolean ftz, boolean propagateNan, boolean xorsignAbs) {
    return minMax(a, b, ftz, propagateNan, xorsignAbs, false);
  }

  private static int minMax(
      int a, int b, boolean ftz, boolean propagateNan, boolean xorsignAbs, boolean min) {
    if (ftz) {
      a = F32.flush(a);
      b = F32.flush(b);
    }
    int sign = (a ^ b) & SIGN;
    if (xorsignAbs) {
      a &= ~SIGN;
      b &= ~SIGN;
    }
    boolean nanA = F32.isNan(a);
    boolean nanB = F32.isNan(b);
    int r;
    if (nanA || nanB) {
      if (propagateNan || nanA && nanB) {
        return CANONICAL_NAN;
      }
      r = nanA ? b : a;
    } else {
      r = min == orderedLess(a, b) ? a : b;
    }
    return xorsignAbs ? r | sign : r;
  }

  /** Total order of non-NaN values with -0 before +0: compare as sign-magnitude integers. */
  private static boolean orderedLess(int a, int b) {
    int ka = a < 0 ? ~(a & ~SIGN) : a;
    int kb = b < 0 ? ~(b & ~SIGN) : b;
    return ka < kb;
  }

  /**
   * {@code testp.op.f32}.
   *
   * @param op the property
   * @param a the operand
   * @return whether {@code a} has it
   */
  public static boolean testp(TestpOp op, int a) {
    int exp = a & 0x7f800000;
    int frac = a & 0x007fffff;
    switch (op) {
      case FINITE:
        return exp != 0x7f800000;
      case INFINITE:
        return exp == 0x7f800000 && frac == 0;
      case NUMBER:
        return exp != 0x7f800000 || frac == 0;
      case NOTANUMBER:
        return exp == 0x7f800000 && frac != 0;
      case NORMAL:
        return exp != 0x7f800000 && (exp != 0 || frac == 0);
      case SUBNORMAL:
        return exp == 0 && frac != 0;
      default:
        throw new IllegalArgumentException(op.toString());
    }
  }

  /**
   * Flushes a subnormal to zero of the same sign (the {@code .ftz} treatment of an operand).
   *
   * @param a the operand
   * @return {@code a}, or a signed zero if it is subnormal
   */
  public static int flush(int a) {
    return F32.flush(a);
  }

  /**
   * The {@code .sat} clamp: NaN and values below +0.0 (-0.0 included) give +0.0, values above 1.0
   * give 1.0.
   *
   * @param r the value
   * @return the clamped value
   */
  public static int saturate(int r) {
    if (r < 0 || F32.isNan(r)) {
      return 0;
    }
    return r > ONE ? ONE : r;
  }

  static float f(int bits) {
    return Float.intBitsToFloat(bits);
  }

  static int canonical(float r) {
    return r != r ? CANONICAL_NAN : Float.floatToRawIntBits(r);
  }

  static int canonical(double r) {
    return r != r ? CANONICAL_NAN : Float.floatToRawIntBits((float) r);
  }

  private static int finish(int r, boolean ftz, boolean sat) {
    if (ftz) {
      r = F32.flush(r);
    }
    return sat ? saturate(r) : r;
  }

  private static int addRounded(int a, int b, Rounding rnd) {
    double x = f(a);
    double y = f(b);
    double s = x + y; // cannot overflow a double
    if (!Double.isFinite(s)) {
      return canonical(s);
    }
    if (s == 0) {
      return zeroSum(a < 0, b < 0, rnd) ? SIGN : 0;
    }
    return F32.round(s, twoSumError(x, y, s), rnd);
  }

  /**
   * The sign of an exact zero sum {@code x + y} (IEEE 754 6.3): the common sign when both operands
   * are zeros of one sign, else +0, or -0 when rounding toward minus infinity.
   *
   * @return true for -0
   */
  static boolean zeroSum(boolean negativeX, boolean negativeY, Rounding rnd) {
    return negativeX == negativeY ? negativeX : rnd == Rounding.RM;
  }

  /** Knuth's TwoSum: the exact error of {@code s = x + y}, valid without overflow. */
  static double twoSumError(double x, double y, double s) {
    double yy = s - x;
    return (x - (s - yy)) + (y - yy);
  }
}
