package dev.jptx.compiler.libdevice.fdlibm;

/**
 * {@code StrictMath.expm1}: FDLIBM's s_expm1. x = k ln2 + r as in {@link FdlibmExp} (with the
 * rounding error c of the reduction kept), expm1(r) from a rational form in r^2/2, and the result
 * assembled per range of k so that the subtraction of 1 loses nothing.
 */
public final class FdlibmExpm1 {
  // Scaled expm1 rational approximation: 1 + Q1 z + ... + Q5 z^5, z = r^2/2.
  private static final double Q1 = -3.33333333333331316428e-02;
  private static final double Q2 = 1.58730158725481460165e-03;
  private static final double Q3 = -7.93650757867487942473e-05;
  private static final double Q4 = 4.00821782732936239552e-06;
  private static final double Q5 = -2.01099218183624371326e-07;

  private static final double OVERFLOW = 7.09782712893383973096e+02;

  private FdlibmExpm1() {}

  /** {@code StrictMath.expm1(x)}. */
  public static double expm1(double x) {
    int hx = Words.hi(x);
    boolean negative = hx < 0;
    hx &= 0x7fffffff;
    if (hx >= 0x4043687A) { // |x| >= 56 ln2
      if (hx >= 0x40862E42) { // |x| >= 709.78
        if (hx >= 0x7ff00000) {
          if (Double.isNaN(x)) {
            return x + x;
          }
          return negative ? -1.0 : x;
        }
        if (x > OVERFLOW) {
          return Double.POSITIVE_INFINITY;
        }
      }
      if (negative) {
        return -1.0;
      }
    }
    double c = 0.0;
    int k = 0;
    if (hx > 0x3fd62e42) { // |x| > ln2/2
      double[] parts = new double[2];
      k = FdlibmExp.reduce(x, hx, parts);
      double hi = parts[0];
      double lo = parts[1];
      x = hi - lo;
      c = (hi - x) - lo;
    } else if (hx < 0x3c900000) { // |x| < 2^-54
      return x;
    }
    double hfx = 0.5 * x;
    double hxs = x * hfx;
    double r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
    double t = 3.0 - r1 * hfx;
    double e = hxs * ((r1 - t) / (6.0 - x * t));
    if (k == 0) {
      return x - (x * e - hxs);
    }
    e = (x * (e - c) - c);
    e -= hxs;
    return scaled(x, e, k);
  }

  /** 2^k (1 + x - e) - 1 for k != 0, each range of k in the order that keeps it exact. */
  private static double scaled(double x, double e, int k) {
    if (k == -1) {
      return 0.5 * (x - e) - 0.5;
    }
    if (k == 1) {
      if (x < -0.25) {
        return -2.0 * (e - (x + 0.5));
      }
      return 1.0 + 2.0 * (x - e);
    }
    if (k <= -2 || k > 56) { // exp(x) - 1 is exp(x) or -1 to within rounding
      double y = 1.0 - (e - x);
      return Words.addExponent(y, k) - 1.0;
    }
    if (k < 20) {
      double t = Words.of(0x3ff00000 - (0x200000 >> k), 0); // 1 - 2^-k
      double y = t - (e - x);
      return Words.addExponent(y, k);
    }
    double t = Words.of((0x3ff - k) << 20, 0); // 2^-k
    double y = x - (e + t);
    y += 1.0;
    return Words.addExponent(y, k);
  }
}
