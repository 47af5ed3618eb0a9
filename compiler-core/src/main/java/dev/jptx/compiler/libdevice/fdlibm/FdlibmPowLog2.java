package dev.jptx.compiler.libdevice.fdlibm;

/**
 * log2|x| for {@link FdlibmPow} as t1 + t2, t1 with its low word clear: near 1 (|x - 1| <= 2^-20)
 * from four terms of the series, elsewhere from x = 2^n (1 + f) or 1.5 2^n (1 + f), s = f / (2 + f)
 * and a degree-12 polynomial, every step split into leading and trailing parts.
 */
final class FdlibmPowLog2 {
  private static final double[] BP = {1.0, 1.5};
  private static final double[] DP_H = {0.0, 5.84962487220764160156e-01}; // log2(1.5) high
  private static final double[] DP_L = {0.0, 1.35003920212974897128e-08}; // log2(1.5) low

  // log((1 + s) / (1 - s)) = 2s + 2/3 s^3 + s^5 (L1 + L2 s^2 + ... + L6 s^10)
  private static final double L1 = 5.99999999999994648725e-01;
  private static final double L2 = 4.28571428578550184252e-01;
  private static final double L3 = 3.33333329818377432918e-01;
  private static final double L4 = 2.72728123808534006489e-01;
  private static final double L5 = 2.30660745775561754067e-01;
  private static final double L6 = 2.06975017800338417784e-01;

  private static final double CP = 9.61796693925975554329e-01; // 2/(3 ln2)
  private static final double CP_H = 9.61796700954437255859e-01;
  private static final double CP_L = -7.02846165095275826516e-09;

  private static final double IVLN2 = 1.44269504088896338700e+00;
  private static final double IVLN2_H = 1.44269502162933349609e+00; // 24 bits of 1/ln2
  private static final double IVLN2_L = 1.92596299112661746887e-08;

  private static final double TWO53 = 0x1p53;

  private FdlibmPowLog2() {}

  /** log2(ax) into {@code out} for |ax - 1| <= 2^-20: ax - 1 has 20 trailing zeros. */
  static void nearOne(double ax, double[] out) {
    double t = ax - 1.0;
    double w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25));
    double u = IVLN2_H * t;
    double v = t * IVLN2_L - w * IVLN2;
    double t1 = Words.clearLo(u + v);
    out[0] = t1;
    out[1] = v - (t1 - u);
  }

  /** log2(ax) into {@code out} for finite positive ax. */
  static void log2(double ax, double[] out) {
    int n = 0;
    int ix = Words.hi(ax);
    if (ix < 0x00100000) { // subnormal
      ax *= TWO53;
      n -= 53;
      ix = Words.hi(ax);
    }
    n += (ix >> 20) - 0x3ff;
    int j = ix & 0x000fffff;
    ix = j | 0x3ff00000;
    int k;
    if (j <= 0x3988E) { // |x| < sqrt(3/2)
      k = 0;
    } else if (j < 0xBB67A) { // |x| < sqrt(3)
      k = 1;
    } else {
      k = 0;
      n += 1;
      ix -= 0x00100000;
    }
    ax = Words.withHi(ax, ix);

    // ss = s_h + s_l = (x - 1) / (x + 1) or (x - 1.5) / (x + 1.5)
    double u = ax - BP[k];
    double v = 1.0 / (ax + BP[k]);
    double ss = u * v;
    double sh = Words.clearLo(ss);
    double th = Words.of(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18), 0);
    double tl = ax - (th - BP[k]);
    double sl = v * ((u - sh * th) - sh * tl);
    double s2 = ss * ss;
    double r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
    r += sl * (sh + ss);
    s2 = sh * sh;
    th = Words.clearLo(3.0 + s2 + r);
    tl = r - ((th - 3.0) - s2);
    u = sh * th;
    v = sl * th + tl * ss;
    double ph = Words.clearLo(u + v);
    double pl = v - (ph - u);
    double zh = CP_H * ph;
    double zl = CP_L * ph + pl * CP + DP_L[k];
    double t = n;
    double t1 = Words.clearLo(((zh + zl) + DP_H[k]) + t);
    out[0] = t1;
    out[1] = zl - (((t1 - t) - DP_H[k]) - zh);
  }
}
