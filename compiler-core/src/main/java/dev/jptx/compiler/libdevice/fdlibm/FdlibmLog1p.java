package dev.jptx.compiler.libdevice.fdlibm;

/**
 * {@code StrictMath.log1p}: FDLIBM's s_log1p. 1 + x = 2^k (1 + f) as in {@link FdlibmLog}, with the
 * rounding error of forming 1 + x carried as a correction c/u; small x skips the reduction.
 */
public final class FdlibmLog1p {
  private FdlibmLog1p() {}

  /** {@code StrictMath.log1p(x)}. */
  public static double log1p(double x) {
    int hx = Words.hi(x);
    int ax = hx & 0x7fffffff;
    int k = 1;
    double f = 0.0;
    int hu = 0;
    if (hx < 0x3FDA827A) { // x < 0.41422
      if (ax >= 0x3ff00000) { // x <= -1 (or a negative NaN)
        if (x == -1.0) {
          return Double.NEGATIVE_INFINITY;
        }
        return Double.NaN;
      }
      if (ax < 0x3e200000) { // |x| < 2^-29
        if (ax < 0x3c900000) { // |x| < 2^-54
          return x;
        }
        return x - x * x * 0.5;
      }
      if (hx > 0 || hx <= 0xbfd2bec3) { // -0.2929 < x < 0.41422
        k = 0;
        f = x;
        hu = 1;
      }
    }
    if (hx >= 0x7ff00000) {
      return x + x;
    }
    double c = 0.0;
    if (k != 0) {
      double u;
      if (hx < 0x43400000) {
        u = 1.0 + x;
        hu = Words.hi(u);
        k = (hu >> 20) - 1023;
        c = k > 0 ? 1.0 - (u - x) : x - (u - 1.0); // the rounding error of 1 + x
        c /= u;
      } else {
        u = x;
        hu = Words.hi(u);
        k = (hu >> 20) - 1023;
      }
      hu &= 0x000fffff;
      if (hu < 0x6a09e) {
        u = Words.withHi(u, hu | 0x3ff00000);
      } else {
        k += 1;
        u = Words.withHi(u, hu | 0x3fe00000);
        hu = (0x00100000 - hu) >> 2;
      }
      f = u - 1.0;
    }
    double hfsq = 0.5 * f * f;
    double dk = k;
    if (hu == 0) { // |f| < 2^-20
      if (f == 0.0) {
        if (k == 0) {
          return 0.0;
        }
        c += dk * FdlibmLog.LN2_LO;
        return dk * FdlibmLog.LN2_HI + c;
      }
      double r = hfsq * (1.0 - 0.66666666666666666 * f);
      if (k == 0) {
        return f - r;
      }
      return dk * FdlibmLog.LN2_HI - ((r - (dk * FdlibmLog.LN2_LO + c)) - f);
    }
    double s = f / (2.0 + f);
    double z = s * s;
    double r =
        z
            * (FdlibmLog.LG1
                + z
                    * (FdlibmLog.LG2
                        + z
                            * (FdlibmLog.LG3
                                + z
                                    * (FdlibmLog.LG4
                                        + z
                                            * (FdlibmLog.LG5
                                                + z * (FdlibmLog.LG6 + z * FdlibmLog.LG7))))));
    if (k == 0) {
      return f - (hfsq - s * (hfsq + r));
    }
    return dk * FdlibmLog.LN2_HI - ((hfsq - (s * (hfsq + r) + (dk * FdlibmLog.LN2_LO + c))) - f);
  }
}
