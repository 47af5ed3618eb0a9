package dev.jptx.compiler.libdevice.fdlibm;

/**
 * {@code StrictMath.sinh}, {@code cosh} and {@code tanh}: FDLIBM's e_sinh, e_cosh and s_tanh, from
 * {@link FdlibmExpm1} where exp(|x|) is near 1 and {@link FdlibmExp} above, with exp(|x|/2) squared
 * near the overflow threshold so that the intermediate does not overflow first.
 */
public final class FdlibmHyperbolic {
  private FdlibmHyperbolic() {}

  /** {@code StrictMath.sinh(x)}. */
  public static double sinh(double x) {
    int jx = Words.hi(x);
    int ix = jx & 0x7fffffff;
    if (ix >= 0x7ff00000) {
      return x + x;
    }
    double h = jx < 0 ? -0.5 : 0.5;
    if (ix < 0x40360000) { // |x| < 22
      if (ix < 0x3e300000) { // |x| < 2^-28
        return x;
      }
      double t = FdlibmExpm1.expm1(Math.abs(x));
      if (ix < 0x3ff00000) {
        return h * (2.0 * t - t * t / (t + 1.0));
      }
      return h * (t + t / (t + 1.0));
    }
    if (ix < 0x40862E42) { // |x| < log(Double.MAX_VALUE)
      return h * FdlibmExp.exp(Math.abs(x));
    }
    if (belowOverflow(x, ix)) {
      double w = FdlibmExp.exp(0.5 * Math.abs(x));
      double t = h * w;
      return t * w;
    }
    return x * 1.0e307;
  }

  /** {@code StrictMath.cosh(x)}. */
  public static double cosh(double x) {
    int ix = Words.hi(x) & 0x7fffffff;
    if (ix >= 0x7ff00000) {
      return x * x;
    }
    if (ix < 0x3fd62e43) { // |x| < ln2/2
      double t = FdlibmExpm1.expm1(Math.abs(x));
      double w = 1.0 + t;
      if (ix < 0x3c800000) { // |x| < 2^-55
        return w;
      }
      return 1.0 + (t * t) / (w + w);
    }
    if (ix < 0x40360000) { // |x| < 22
      double t = FdlibmExp.exp(Math.abs(x));
      return 0.5 * t + 0.5 / t;
    }
    if (ix < 0x40862E42) {
      return 0.5 * FdlibmExp.exp(Math.abs(x));
    }
    if (belowOverflow(x, ix)) {
      double w = FdlibmExp.exp(0.5 * Math.abs(x));
      double t = 0.5 * w;
      return t * w;
    }
    return Double.POSITIVE_INFINITY;
  }

  /** {@code StrictMath.tanh(x)}. */
  public static double tanh(double x) {
    int jx = Words.hi(x);
    int ix = jx & 0x7fffffff;
    if (ix >= 0x7ff00000) {
      return jx >= 0 ? 1.0 / x + 1.0 : 1.0 / x - 1.0; // +-1, or NaN
    }
    double z;
    if (ix < 0x40360000) { // |x| < 22
      if (ix < 0x3c800000) { // |x| < 2^-55
        return x * (1.0 + x);
      }
      if (ix >= 0x3ff00000) { // |x| >= 1
        double t = FdlibmExpm1.expm1(2.0 * Math.abs(x));
        z = 1.0 - 2.0 / (t + 2.0);
      } else {
        double t = FdlibmExpm1.expm1(-2.0 * Math.abs(x));
        z = -t / (t + 2.0);
      }
    } else {
      z = 1.0;
    }
    return jx >= 0 ? z : -z;
  }

  /** |x| at most the overflow threshold of sinh and cosh, 0x408633CE 8fb9f87d. */
  private static boolean belowOverflow(double x, int ix) {
    return ix < 0x408633CE || (ix == 0x408633CE && (Words.lo(x) & 0xFFFFFFFFL) <= 0x8fb9f87dL);
  }
}
