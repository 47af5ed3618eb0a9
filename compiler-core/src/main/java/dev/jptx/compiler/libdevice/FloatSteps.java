package dev.jptx.compiler.libdevice;

/**
 * The {@code Math} methods that step along the floating-point numbers ({@code ulp}, {@code nextUp},
 * {@code nextDown}, {@code nextAfter}) or move a number's exponent ({@code scalb}). All are exact
 * operations on the bit patterns (neighbouring finite floats of one sign have neighbouring bit
 * patterns), so {@code StrictMath} shares them; {@code scalb} rounds at most once.
 */
public final class FloatSteps {
  private static final long D_SIGN = 0x8000000000000000L;
  private static final long D_EXP = 0x7FF0000000000000L;
  private static final int D_MANT_BITS = 52;
  private static final int D_EXP_MAX = 0x7FF;
  private static final int F_EXP_MAX = 0xFF;
  private static final int F_MANT_BITS = 23;

  /**
   * Beyond this, {@code scalb} of any finite nonzero double overflows or underflows: the binades
   * from the smallest subnormal to the largest normal number span 2098.
   */
  private static final int D_SCALE_LIMIT = 2200;

  /**
   * The float {@code scalb} scales in double, where any float times {@code 2^n} for {@code |n| <=}
   * this is exact and already beyond float's range.
   */
  private static final int F_SCALE_LIMIT = 300;

  private FloatSteps() {}

  /** {@code Math.ulp(double)}. */
  public static double ulp(double d) {
    int e = exponentField(d);
    if (e == D_EXP_MAX) {
      return Math.abs(d);
    }
    if (e <= D_MANT_BITS) {
      // the spacing is the smallest subnormal's down to exponent field 1, then a smaller power
      return Double.longBitsToDouble(1L << Math.max(e - 1, 0));
    }
    return Double.longBitsToDouble((long) (e - D_MANT_BITS) << D_MANT_BITS);
  }

  /** {@code Math.ulp(float)}. */
  public static float ulp(float f) {
    int e = (Float.floatToRawIntBits(f) >>> F_MANT_BITS) & F_EXP_MAX;
    if (e == F_EXP_MAX) {
      return Math.abs(f);
    }
    if (e <= F_MANT_BITS) {
      return Float.intBitsToFloat(1 << Math.max(e - 1, 0));
    }
    return Float.intBitsToFloat((e - F_MANT_BITS) << F_MANT_BITS);
  }

  /** {@code Math.nextUp(double)}: NaN and positive infinity stay, both zeros step to the least. */
  public static double nextUp(double d) {
    if (d != d || d == Double.POSITIVE_INFINITY) {
      return d;
    }
    return step(d + 0.0, true);
  }

  /** {@code Math.nextUp(float)}. */
  public static float nextUp(float f) {
    if (f != f || f == Float.POSITIVE_INFINITY) {
      return f;
    }
    return step(f + 0.0f, true);
  }

  /** {@code Math.nextDown(double)}: NaN and negative infinity stay. */
  public static double nextDown(double d) {
    if (d != d || d == Double.NEGATIVE_INFINITY) {
      return d;
    }
    return step(d == 0.0 ? -0.0 : d, false);
  }

  /** {@code Math.nextDown(float)}. */
  public static float nextDown(float f) {
    if (f != f || f == Float.NEGATIVE_INFINITY) {
      return f;
    }
    return step(f == 0.0f ? -0.0f : f, false);
  }

  /**
   * {@code Math.nextAfter(double, double)}: the neighbour of {@code start} towards {@code
   * direction}; {@code direction} itself if they are equal (so the sign of a zero comes from it),
   * NaN if either is.
   */
  public static double nextAfter(double start, double direction) {
    if (start < direction) {
      return nextUp(start);
    }
    if (start > direction) {
      return nextDown(start);
    }
    return start == direction ? direction : start + direction;
  }

  /** {@code Math.nextAfter(float, double)}: compared in double, stepped in float. */
  public static float nextAfter(float start, double direction) {
    if (start < direction) {
      return nextUp(start);
    }
    if (start > direction) {
      return nextDown(start);
    }
    return start == direction ? (float) direction : (float) (start + direction);
  }

  /**
   * {@code Math.scalb(double, int)}: {@code d * 2^n} rounded once. A result in the normal range
   * only gets a new exponent field; a subnormal one is the significand at exponent {@code target +
   * 1022} times {@code 2^-1022}, one rounding multiplication; below that it is a zero.
   */
  public static double scalb(double d, int n) {
    int e = exponentField(d);
    if (e == D_EXP_MAX || d == 0.0) {
      return d;
    }
    int scale = Math.max(-D_SCALE_LIMIT, Math.min(D_SCALE_LIMIT, n));
    double x = d;
    if (e == 0) {
      x = d * 0x1p54;
      scale -= 54;
      e = exponentField(x);
    }
    long others = Double.doubleToRawLongBits(x) & ~D_EXP;
    int target = e + scale;
    if (target >= D_EXP_MAX) {
      return Double.longBitsToDouble((others & D_SIGN) | D_EXP);
    }
    if (target >= 1) {
      return Double.longBitsToDouble(others | ((long) target << D_MANT_BITS));
    }
    if (target + 1022 < 1) {
      return Double.longBitsToDouble(others & D_SIGN);
    }
    return Double.longBitsToDouble(others | ((long) (target + 1022) << D_MANT_BITS)) * 0x1p-1022;
  }

  /** {@code Math.scalb(float, int)}: exact in double, then rounded once to float. */
  public static float scalb(float f, int n) {
    int scale = Math.max(-F_SCALE_LIMIT, Math.min(F_SCALE_LIMIT, n));
    double power = Double.longBitsToDouble((long) (scale + 1023) << D_MANT_BITS);
    return (float) (f * power);
  }

  private static int exponentField(double d) {
    return (int) (Double.doubleToRawLongBits(d) >>> D_MANT_BITS) & D_EXP_MAX;
  }

  /**
   * The neighbour of a non-NaN {@code d} up or down, for a zero of the sign that steps away from
   * zero ({@code +0.0} up, {@code -0.0} down): the magnitude's bit pattern grows away from zero.
   */
  private static double step(double d, boolean up) {
    long bits = Double.doubleToRawLongBits(d);
    return Double.longBitsToDouble(bits + ((bits >= 0) == up ? 1 : -1));
  }

  private static float step(float f, boolean up) {
    int bits = Float.floatToRawIntBits(f);
    return Float.intBitsToFloat(bits + ((bits >= 0) == up ? 1 : -1));
  }
}
