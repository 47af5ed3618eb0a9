package dev.jptx.compiler.libdevice.fdlibm;

/**
 * {@code StrictMath.log} and {@code log10}: FDLIBM's e_log and e_log10. x = 2^k (1 + f) with 1 + f
 * in [sqrt(2)/2, sqrt(2)); log(1 + f) = f - f^2/2 + s (f^2/2 + R(s^2)), s = f / (2 + f), with R a
 * degree-14 minimax polynomial; log10 scales log's result and adds k log10(2) in two parts.
 */
public final class FdlibmLog {
  static final double LN2_HI = FdlibmExp.LN2_HI;
  static final double LN2_LO = FdlibmExp.LN2_LO;
  static final double TWO54 = 0x1p54;

  // R(z) ~ Lg1 z + ... + Lg7 z^7, shared with log1p.
  static final double LG1 = 6.666666666666735130e-01;
  static final double LG2 = 3.999999999940941908e-01;
  static final double LG3 = 2.857142874366239149e-01;
  static final double LG4 = 2.222219843214978396e-01;
  static final double LG5 = 1.818357216161805012e-01;
  static final double LG6 = 1.531383769920937332e-01;
  static final double LG7 = 1.479819860511658591e-01;

  private static final double IVLN10 = 4.34294481903251816668e-01;
  private static final double LOG10_2HI = 3.01029995663611771306e-01;
  private static final double LOG10_2LO = 3.69423907715893078616e-13;

  private FdlibmLog() {}

  /** {@code StrictMath.log(x)}. */
  public static double log(double x) {
    int hx = Words.hi(x);
    int k = 0;
    if (hx < 0x00100000) { // x < 2^-1022: zero, negative or subnormal
      if (x == 0.0) {
        return Double.NEGATIVE_INFINITY;
      }
      if (hx < 0) {
        return Double.NaN;
      }
      k -= 54;
      x *= TWO54;
      hx = Words.hi(x);
    }
    if (hx >= 0x7ff00000) {
      return x + x;
    }
    k += (hx >> 20) - 1023;
    hx &= 0x000fffff;
    int i = (hx + 0x95f64) & 0x100000;
    x = Words.withHi(x, hx | (i ^ 0x3ff00000)); // x or x/2, into [sqrt(2)/2, sqrt(2))
    k += i >> 20;
    double f = x - 1.0;
    double dk = k;
    if ((0x000fffff & (2 + hx)) < 3) { // |f| < 2^-20
      if (f == 0.0) {
        return k == 0 ? 0.0 : dk * LN2_HI + dk * LN2_LO;
      }
      double r = f * f * (0.5 - 0.33333333333333333 * f);
      return k == 0 ? f - r : dk * LN2_HI - ((r - dk * LN2_LO) - f);
    }
    double s = f / (2.0 + f);
    double z = s * s;
    int below = hx - 0x6147a;
    double w = z * z;
    int above = 0x6b851 - hx;
    double t1 = w * (LG2 + w * (LG4 + w * LG6));
    double t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
    double r = t2 + t1;
    if ((below | above) > 0) {
      double hfsq = 0.5 * f * f;
      if (k == 0) {
        return f - (hfsq - s * (hfsq + r));
      }
      return dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f);
    }
    if (k == 0) {
      return f - s * (f - r);
    }
    return dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f);
  }

  /** {@code StrictMath.log10(x)}. */
  public static double log10(double x) {
    int hx = Words.hi(x);
    if (x == 0.0 || hx < 0 || hx >= 0x7ff00000) {
      return log(x); // the same special values: -inf, NaN, x + x
    }
    int k = 0;
    if (hx < 0x00100000) { // subnormal
      k -= 54;
      x *= TWO54;
      hx = Words.hi(x);
    }
    k += (hx >> 20) - 1023;
    int i = k >>> 31; // 1 for k < 0: keep x in [1/2, 1) so that y + log10(x) does not cancel
    hx = (hx & 0x000fffff) | ((0x3ff - i) << 20);
    double y = k + i;
    x = Words.withHi(x, hx);
    double z = y * LOG10_2LO + IVLN10 * log(x);
    return z + y * LOG10_2HI;
  }
}
