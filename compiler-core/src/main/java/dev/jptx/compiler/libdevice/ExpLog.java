package dev.jptx.compiler.libdevice;

/**
 * {@code exp}, {@code expm1}, {@code log}, {@code log10}, {@code log1p} and {@code pow} in double
 * precision, with {@link Math}'s special cases and within its 1 ulp bound (measured below 0.51
 * ulp).
 *
 * <p>Two kernels do the work, both carrying about 64 or more correct bits in a double-double (a
 * pair {@code hi + lo}, built with fused multiply-add and two-sum) so that the one final rounding
 * dominates the error:
 *
 * <ul>
 *   <li>{@link #expKernel}: Cody-Waite reduction {@code x = k ln2 + r}, {@code |r| <= ln2/2}, with
 *       a 42-bit {@code ln2} head (so {@code k * LN2_HI} is exact) and a 53-bit tail; then {@code
 *       expm1(r)} by its Taylor series to degree 14, the terms up to {@code r^3/6} formed and
 *       summed in double-double (their rounding would otherwise show in {@code expm1} after the
 *       cancellation against {@code 2^-k}); then a scale by {@code 2^k}, rounding once also when
 *       the result is subnormal.
 *   <li>{@link #logKernel}: {@code x = 2^e m} with {@code m} rounded to the nearest {@code c = 1 +
 *       j/128}; {@code r = m/c - 1} exactly (a double-double, from an fma product), so {@code |r|
 *       <= 2^-8}; {@code log x = e ln2 + log c + log1p(r)}, the middle term (in double-double) from
 *       {@link LogTable} and {@code log1p(r)} by its Taylor series to degree 10. Arguments next to
 *       1 use {@code c = 1}, where {@code r} is exact, so the result keeps its relative accuracy.
 * </ul>
 *
 * <p>{@code pow} is {@code exp(y log|x|)} with the product formed as a double-double: the log is
 * good to about 2^-68 relative, so the exponent's absolute error stays near 2^-58 even at the
 * overflow threshold. Exact results (integer powers that fit, {@code log10} of powers of ten) come
 * out exact because the value before the final rounding is within far less than half an ulp of
 * them.
 */
public final class ExpLog {
  static final int MODE_EXP = 0;
  static final int MODE_EXPM1 = 1;
  static final int MODE_COSH = 2;
  static final int MODE_SINH = 3;
  static final int MODE_TANH = 4;

  /** ln2 rounded to 42 bits: {@code k * LN2_HI} is exact for {@code |k| < 2^11}. */
  static final double LN2_HI = 0x1.62e42fefa38p-1;

  /** {@code ln2 - LN2_HI} rounded to double. */
  static final double LN2_LO = 0x1.ef35793c7673p-45;

  /** 1/6 as a double-double. */
  private static final double SIXTH_HI = 0x1.5555555555555p-3;

  private static final double SIXTH_LO = 0x1.5555555555555p-57;

  private static final double INV_LN2 = 0x1.71547652b82fep0;
  private static final double INV_LN10_HI = 0x1.bcb7b1526e50ep-2;
  private static final double INV_LN10_LO = 0x1.95355baaafad3p-57;

  /** Above this {@code exp} overflows (the exact threshold is 709.7827...). */
  private static final double EXP_OVER = 709.8;

  /** Below this {@code exp} rounds to zero (the exact threshold is -745.1332...). */
  private static final double EXP_UNDER = -745.2;

  private static final double TWO_54 = 0x1p54;
  private static final double TWO_600 = 0x1p600;
  private static final double TWO_M600 = 0x1p-600;
  private static final double TWO_1023 = 0x1p1023;
  private static final long EXP_BITS = 0x7FF0000000000000L;
  private static final long MANT_BITS = 0x000FFFFFFFFFFFFFL;
  private static final long ONE_BITS = 0x3FF0000000000000L;
  private static final long MIN_NORMAL_BITS = 0x0010000000000000L;

  private ExpLog() {}

  /** {@code e^x}. */
  public static double exp(double x) {
    if (Double.isNaN(x)) {
      return x;
    }
    return expKernel(x, 0.0, MODE_EXP);
  }

  /** {@code e^x - 1}, accurate for small {@code x}. */
  public static double expm1(double x) {
    if (Double.isNaN(x)) {
      return x;
    }
    if (x > EXP_OVER) {
      return Double.POSITIVE_INFINITY;
    }
    if (x < -38.0) {
      // e^x < 2^-54.8: the result rounds to -1.
      return -1.0;
    }
    if (Math.abs(x) < 0x1p-54) {
      // x^2/2 is below a quarter ulp of x (keeps the sign of zero).
      return x;
    }
    return expKernel(x, 0.0, MODE_EXPM1);
  }

  /** Natural logarithm. */
  public static double log(double x) {
    if (!(x > 0.0)) {
      return x == 0.0 ? Double.NEGATIVE_INFINITY : Double.NaN;
    }
    if (x == Double.POSITIVE_INFINITY) {
      return x;
    }
    if (x == 1.0) {
      return 0.0;
    }
    return logKernel(x, 0.0, 1.0, 0.0, false);
  }

  /** Base-10 logarithm; exact for powers of ten. */
  public static double log10(double x) {
    if (!(x > 0.0)) {
      return x == 0.0 ? Double.NEGATIVE_INFINITY : Double.NaN;
    }
    if (x == Double.POSITIVE_INFINITY) {
      return x;
    }
    if (x == 1.0) {
      return 0.0;
    }
    return logKernel(x, 0.0, INV_LN10_HI, INV_LN10_LO, false);
  }

  /** {@code log(1 + x)}, accurate for small {@code x}. */
  public static double log1p(double x) {
    if (!(x >= -1.0)) {
      return Double.NaN;
    }
    if (x == -1.0) {
      return Double.NEGATIVE_INFINITY;
    }
    if (x == Double.POSITIVE_INFINITY) {
      return x;
    }
    if (Math.abs(x) < 0x1p-54) {
      // x^2/2 is below a quarter ulp of x (keeps the sign of zero).
      return x;
    }
    // 1 + x as an exact double-double; the kernel folds the low part into its reduced argument.
    double u = 1.0 + x;
    return logKernel(u, twoSumErr(1.0, x, u), 1.0, 0.0, false);
  }

  /** {@code x^y} with every special case of {@link Math#pow}. */
  public static double pow(double x, double y) {
    if (y == 0.0) {
      return 1.0;
    }
    if (Double.isNaN(y) || Double.isNaN(x)) {
      return Double.NaN;
    }
    if (y == 1.0) {
      return x;
    }
    double ax = Math.abs(x);
    if (Double.isInfinite(y)) {
      if (ax == 1.0) {
        return Double.NaN;
      }
      return (ax > 1.0) == (y > 0.0) ? Double.POSITIVE_INFINITY : 0.0;
    }
    boolean yInt = Math.rint(y) == y;
    boolean yOdd = yInt && Math.abs(y) < 0x1p53 && Math.rint(0.5 * y) != 0.5 * y;
    boolean negative = Double.doubleToRawLongBits(x) < 0 && yOdd;
    if (ax == 0.0 || ax == Double.POSITIVE_INFINITY) {
      double r = (ax == 0.0) == (y > 0.0) ? 0.0 : Double.POSITIVE_INFINITY;
      return negative ? -r : r;
    }
    if (x < 0.0 && !yInt) {
      return Double.NaN;
    }
    double r;
    if (y == 2.0) {
      r = ax * ax;
    } else if (y == 0.5) {
      r = Math.sqrt(ax);
    } else if (ax == 1.0) {
      r = 1.0;
    } else {
      r = logKernel(ax, 0.0, y, 0.0, true);
    }
    return negative ? -r : r;
  }

  /**
   * {@code log(x + xl) * (mh + ml)}, or {@code e} to that power when {@code toExp}. {@code x} is
   * positive and finite; {@code xl} is zero or below half an ulp of a normal {@code x}.
   */
  private static double logKernel(double x, double xl, double mh, double ml, boolean toExp) {
    long bits = Double.doubleToRawLongBits(x);
    int e = 0;
    if (bits < MIN_NORMAL_BITS) {
      bits = Double.doubleToRawLongBits(x * TWO_54);
      e = -54;
    }
    e += (int) (bits >>> 52) - 1023;
    long mant = bits & MANT_BITS;
    int j = (int) ((mant + (1L << 44)) >>> 45);
    double m = Double.longBitsToDouble(mant | ONE_BITS);
    if (j == 128) {
      // m is next to 2: use m/2 next to 1, where the reduction is exact (no cancellation of ln2).
      m *= 0.5;
      e++;
      j = 0;
    }
    double inv = LogTable.INV[j];
    double p = m * inv;
    double pl = Math.fma(m, inv, -p);
    if (xl != 0.0) {
      // Exact for j == 0 (inv == 1), where it matters; elsewhere log x is not small.
      int half = e >> 1;
      pl += xl * pow2(-half) * pow2(half - e) * inv;
    }
    double d = p - 1.0; // exact: p is within 2^-7 of 1
    double rh = d + pl;
    double rl = twoSumErr(d, pl, rh);

    // log1p(rh + rl) = rh - rh^2/2 + rh^3 (1/3 - rh/4 + ...) + rl (1 - rh).
    double sq = rh * rh;
    double sqLo = Math.fma(rh, rh, -sq);
    double tail = rh * sq * logPoly(rh);
    double ed = e;
    double a = ed * LN2_HI;
    double th = LogTable.HI[j];
    double s1 = a + th;
    double lo = twoSumErr(a, th, s1);
    double s2 = s1 + rh;
    lo += twoSumErr(s1, rh, s2);
    double h = -0.5 * sq;
    double s3 = s2 + h;
    lo += twoSumErr(s2, h, s3);
    lo += ((tail - 0.5 * sqLo) + (rl - rl * rh)) + (ed * LN2_LO + LogTable.LO[j]);
    double lh = s3 + lo;
    double ll = twoSumErr(s3, lo, lh);

    double ph = lh * mh;
    if (!toExp) {
      return ph + (Math.fma(lh, mh, -ph) + (lh * ml + ll * mh));
    }
    if (!(ph <= EXP_OVER && ph >= EXP_UNDER)) {
      return ph > 0.0 ? Double.POSITIVE_INFINITY : 0.0;
    }
    return expKernel(ph, Math.fma(lh, mh, -ph) + (lh * ml + ll * mh), MODE_EXP);
  }

  /** {@code 1/3 - r/4 + r^2/5 - ... - r^7/10}: the Taylor series of {@code log1p} after r^2. */
  private static double logPoly(double r) {
    return 1.0 / 3
        + r
            * (-1.0 / 4
                + r
                    * (1.0 / 5
                        + r
                            * (-1.0 / 6
                                + r
                                    * (1.0 / 7
                                        + r * (-1.0 / 8 + r * (1.0 / 9 + r * (-1.0 / 10)))))));
  }

  /**
   * A function of {@code e^(xh + xl)}, chosen by {@code mode}: {@link #MODE_EXP} for any argument;
   * {@link #MODE_EXPM1} for {@code -38 <= xh <= 709.8}; {@link #MODE_COSH} and {@link #MODE_SINH}
   * ({@code (e^x +- e^-x)/2}) for {@code 0 <= xh < 22}; {@link #MODE_TANH} of {@code xh/2} (as
   * {@code t/(t+2)}, {@code t = expm1(xh)}) for {@code 0 <= xh < 44}. {@code xl} is below half an
   * ulp of {@code xh}.
   */
  static double expKernel(double xh, double xl, int mode) {
    if (mode == MODE_EXP) {
      if (xh > EXP_OVER) {
        return Double.POSITIVE_INFINITY;
      }
      if (xh < EXP_UNDER) {
        return 0.0;
      }
    }
    double kd = Math.rint(xh * INV_LN2);
    int k = (int) kd;
    double t = Math.fma(-kd, LN2_HI, xh); // exact: k * LN2_HI is exact and close to xh
    double c = xl - kd * LN2_LO;
    double rh = t + c;
    double rl = twoSumErr(t, c, rh);

    // expm1(rh + rl) = eh + el = rh + rh^2/2 + rh^3 (1/6 + rh Q(rh)) + rl e^rh, |rh| <= 0.35.
    // The cubic term reaches 0.006, so it too is formed and added in double-double (with 1/6 as
    // a double-double): otherwise its rounding (2^-60) shows after the cancellation in expm1.
    double sq = rh * rh;
    double sqLo = Math.fma(rh, rh, -sq);
    double half = 0.5 * sq;
    double cube = sq * rh;
    double cubeLo = Math.fma(sq, rh, -cube) + sqLo * rh;
    double higher = rh * expPoly(rh);
    double sixthHi = SIXTH_HI + higher;
    double sixthLo = twoSumErr(SIXTH_HI, higher, sixthHi) + SIXTH_LO;
    double tail = cube * sixthHi;
    double tailLo = Math.fma(cube, sixthHi, -tail) + (cube * sixthLo + cubeLo * sixthHi);
    double e1 = rh + half;
    double el = (rh - e1) + half;
    double eh = e1 + tail;
    el += twoSumErr(e1, tail, eh);
    el += (0.5 * sqLo + rl * ((1.0 + rh) + half)) + tailLo;
    // Renormalize: the steps below treat el as below an ulp of eh.
    double e = eh + el;
    el = twoSumErr(eh, el, e);
    eh = e;

    if (mode == MODE_EXPM1 || mode == MODE_TANH) {
      // t = 2^k (1 + e) - 1 = 2^k ((1 - 2^-k) + e).
      double th;
      double tl;
      if (k == 0) {
        th = eh;
        tl = el;
      } else {
        double m = k > 60 ? 0.0 : -pow2(-k);
        double ch = 1.0 + m;
        double cl = twoSumErr(1.0, m, ch);
        double s = ch + eh;
        double lo = twoSumErr(ch, eh, s) + (cl + el);
        if (mode == MODE_EXPM1) {
          return scale(s + lo, k);
        }
        double sc = pow2(k);
        th = (s + lo) * sc;
        tl = twoSumErr(s, lo, s + lo) * sc;
      }
      if (mode == MODE_EXPM1) {
        return th + tl;
      }
      double dh = th + 2.0;
      double dl = twoSumErr(th, 2.0, dh) + tl;
      double q = th / dh;
      double rho = Math.fma(-q, dh, th) + (tl - q * dl);
      return q + rho / dh;
    }

    // e^r = p + q.
    double p = 1.0 + eh;
    double q = ((1.0 - p) + eh) + el;
    if (mode == MODE_EXP) {
      return scaleExp(p, q, k);
    }
    // e^-r = ih + il: one Newton step on the double-double p + q.
    double ih = 1.0 / p;
    double il = ih * (Math.fma(-ih, p, 1.0) - ih * q);
    double up = pow2(k);
    double dn = pow2(-k);
    double ah = p * up;
    double bh = mode == MODE_SINH ? -ih * dn : ih * dn;
    double bl = mode == MODE_SINH ? -il * dn : il * dn;
    double s = ah + bh;
    double lo = twoSumErr(ah, bh, s) + (q * up + bl);
    return 0.5 * (s + lo);
  }

  /**
   * {@code 1/4! + r/5! + ... + r^10/14!}: the Taylor series of {@code expm1} after r^3, over r^4.
   */
  private static double expPoly(double r) {
    double p = 1.0 / 87178291200.0;
    p = 1.0 / 6227020800.0 + r * p;
    p = 1.0 / 479001600.0 + r * p;
    p = 1.0 / 39916800.0 + r * p;
    p = 1.0 / 3628800.0 + r * p;
    p = 1.0 / 362880.0 + r * p;
    p = 1.0 / 40320.0 + r * p;
    p = 1.0 / 5040.0 + r * p;
    p = 1.0 / 720.0 + r * p;
    p = 1.0 / 120.0 + r * p;
    return 1.0 / 24.0 + r * p;
  }

  /**
   * {@code (p + q) 2^k} rounded once, {@code p} in [0.7, 1.5], {@code -1076 <= k <= 1025}. A
   * subnormal result would be rounded twice (to 53 bits, then to the subnormal grid); when the
   * first rounding lands on a midpoint of the coarse grid the exact rest {@code d} decides.
   */
  private static double scaleExp(double p, double q, int k) {
    if (k > -1022) {
      return scale(p + q, k);
    }
    double v = p + q;
    double d = twoSumErr(p, q, v);
    double z = (v * TWO_M600) * pow2(k + 600);
    double diff = (z * TWO_600) * pow2(-k - 600) - v;
    double halfQuantum = pow2(-1075 - k);
    if (d > 0.0 && diff == -halfQuantum) {
      z += Double.MIN_VALUE;
    } else if (d < 0.0 && diff == halfQuantum) {
      z -= Double.MIN_VALUE;
    }
    return z;
  }

  /** {@code v 2^k} for {@code -1022 <= k <= 1025}, exact unless the result is not normal. */
  private static double scale(double v, int k) {
    if (k > 1023) {
      return v * TWO_1023 * pow2(k - 1023);
    }
    return v * pow2(k);
  }

  /** {@code 2^n} for {@code -1022 <= n <= 1023}. */
  private static double pow2(int n) {
    return Double.longBitsToDouble(((long) (n + 1023) << 52) & EXP_BITS);
  }

  /** The rounding error of {@code s = a + b}: {@code a + b - s} exactly (Knuth's two-sum). */
  static double twoSumErr(double a, double b, double s) {
    double bb = s - a;
    return (a - (s - bb)) + (b - bb);
  }
}
