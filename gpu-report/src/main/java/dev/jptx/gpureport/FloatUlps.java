package dev.jptx.gpureport;

/**
 * A float result's error against a {@code double} reference in ulps of float, exactly as {@code
 * FloatMathSweepTest.ulps} measures it (the reference is within 2^-29 ulp of the true value, far
 * finer than any bound here), and the fast modes' flush-to-zero.
 */
final class FloatUlps {
  private FloatUlps() {}

  /**
   * {@code |got - exact|} in ulps of float at the correctly rounded value; where the reference or
   * the result is not finite, 0 if their bits match (any NaN matches any NaN) and infinity if not.
   */
  static double ulps(float got, double exact) {
    float rounded = (float) exact;
    if (Double.isNaN(exact)
        || Float.isInfinite(rounded)
        || Float.isNaN(got)
        || Float.isInfinite(got)) {
      return Float.floatToIntBits(got) == Float.floatToIntBits(rounded)
          ? 0
          : Double.POSITIVE_INFINITY;
    }
    return Math.abs(got - exact) / Math.ulp(rounded);
  }

  /** True for nonzero floats below the least normal one. */
  static boolean subnormal(float x) {
    return x != 0 && Math.abs(x) < Float.MIN_NORMAL;
  }

  /** {@code x} as flush-to-zero hardware reads it: a subnormal becomes zero of its sign. */
  static float flushed(float x) {
    return subnormal(x) ? Math.copySign(0f, x) : x;
  }

  /** True when {@code got} is zero where the correctly rounded result is a subnormal. */
  static boolean flushedResult(float got, double exact) {
    return got == 0 && subnormal((float) exact);
  }
}
