package dev.jptx.compiler.libdevice.fdlibm;

/**
 * {@code StrictMath.exp}: FDLIBM's e_exp. x = k ln2 + r with |r| &lt;= ln2/2 (ln2 split so that
 * {@code k * LN2_HI} is exact), exp(r) from a degree-5 rational form of r (r - r^2 R(r^2)), then k
 * added to the exponent.
 */
public final class FdlibmExp {
  /** ln2 = LN2_HI + LN2_LO; LN2_HI has 32 trailing zero bits, so k * LN2_HI is exact. */
  static final double LN2_HI = 6.93147180369123816490e-01;

  static final double LN2_LO = 1.90821492927058770002e-10;
  static final double INV_LN2 = 1.44269504088896338700e+00;

  // r (exp(r) + 1) / (exp(r) - 1) ~ 2 + P1 r^2 + ... + P5 r^10 on [-ln2/2, ln2/2].
  static final double P1 = 1.66666666666666019037e-01;
  static final double P2 = -2.77777777770155933842e-03;
  static final double P3 = 6.61375632143793436117e-05;
  static final double P4 = -1.65339022054652515390e-06;
  static final double P5 = 4.13813679705723846039e-08;

  private static final double OVERFLOW = 7.09782712893383973096e+02;
  private static final double UNDERFLOW = -7.45133219101941108420e+02;
  private static final double TWO_M1000 = 0x1p-1000;

  private FdlibmExp() {}

  /** {@code StrictMath.exp(x)}. */
  public static double exp(double x) {
    int hx = Words.hi(x);
    boolean negative = hx < 0;
    hx &= 0x7fffffff;
    if (hx >= 0x40862E42) { // |x| >= 709.78
      if (hx >= 0x7ff00000) {
        if (Double.isNaN(x)) {
          return x + x;
        }
        return negative ? 0.0 : x;
      }
      if (x > OVERFLOW) {
        return Double.POSITIVE_INFINITY;
      }
      if (x < UNDERFLOW) {
        return 0.0;
      }
    }
    double hi = 0.0;
    double lo = 0.0;
    int k = 0;
    if (hx > 0x3fd62e42) { // |x| > ln2/2
      double[] parts = new double[2];
      k = reduce(x, hx, parts);
      hi = parts[0];
      lo = parts[1];
      x = hi - lo;
    } else if (hx < 0x3e300000) { // |x| < 2^-28
      return 1.0 + x;
    }
    double t = x * x;
    double c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    if (k == 0) {
      return 1.0 - ((x * c) / (c - 2.0) - x);
    }
    double y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
    if (k >= -1021) {
      return Words.addExponent(y, k);
    }
    return Words.addExponent(y, k + 1000) * TWO_M1000;
  }

  /**
   * x = k ln2 + (hi - lo) for |x| > ln2/2 (hx is |x|'s high word), shared with expm1: k = +-1 below
   * 1.5 ln2, else the nearest integer to x/ln2; stores hi and lo in {@code parts}, returns k.
   */
  static int reduce(double x, int hx, double[] parts) {
    boolean negative = x < 0;
    if (hx < 0x3FF0A2B2) { // |x| < 1.5 ln2
      parts[0] = negative ? x + LN2_HI : x - LN2_HI;
      parts[1] = negative ? -LN2_LO : LN2_LO;
      return negative ? -1 : 1;
    }
    int k = (int) (INV_LN2 * x + (negative ? -0.5 : 0.5));
    double t = k;
    parts[0] = x - t * LN2_HI; // exact: LN2_HI has 32 trailing zeros
    parts[1] = t * LN2_LO;
    return k;
  }
}
