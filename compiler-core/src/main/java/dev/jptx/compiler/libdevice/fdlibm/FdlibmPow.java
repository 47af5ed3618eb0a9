package dev.jptx.compiler.libdevice.fdlibm;

/**
 * {@code StrictMath.pow}: FDLIBM's e_pow. The special cases of C99/Java first; then log2|x| as a
 * sum t1 + t2 with t1's low word clear (so that y1 * t1 is exact for y's leading 21 bits y1), y *
 * log2|x| as p_h + p_l, and 2^(p_h + p_l) by the exp algorithm in base 2. {@link FdlibmPowLog2}
 * computes log2|x|.
 */
public final class FdlibmPow {
  private static final double HUGE = 1.0e300;
  private static final double TINY = 1.0e-300;

  /** -(1024 - log2(overflow threshold + half an ulp)). */
  private static final double OVT = 8.0085662595372944372e-17;

  private static final double LG2 = 6.93147180559945286227e-01;
  private static final double LG2_H = 6.93147182464599609375e-01;
  private static final double LG2_L = -1.90465429995776804525e-09;

  private FdlibmPow() {}

  /** {@code StrictMath.pow(x, y)}. */
  public static double pow(double x, double y) {
    if (y == 0.0) {
      return 1.0;
    }
    if (Double.isNaN(x) || Double.isNaN(y)) {
      return x + y;
    }
    double ax = Math.abs(x);
    double ay = Math.abs(y);
    if (y == 2.0) {
      return x * x;
    }
    if (y == 0.5 && x >= -Double.MAX_VALUE) {
      return Math.sqrt(x + 0.0); // + 0.0: sqrt(-0.0) would be -0.0, pow(-0.0, 0.5) is +0.0
    }
    if (ay == 1.0) {
      return y == 1.0 ? x : 1.0 / x;
    }
    if (ay == Double.POSITIVE_INFINITY) {
      if (ax == 1.0) {
        return y - y; // 1^inf is NaN in Java
      }
      if (ax > 1.0) {
        return y >= 0 ? y : 0.0;
      }
      return y < 0 ? -y : 0.0;
    }
    int hx = Words.hi(x);
    int yIsInt = 0; // for x < 0: 0 y is not an integer, 1 odd, 2 even
    if (hx < 0) {
      if (ay >= 0x1p53) {
        yIsInt = 2;
      } else if (ay >= 1.0) {
        long whole = (long) ay;
        if ((double) whole == ay) {
          yIsInt = 2 - (int) (whole & 1L);
        }
      }
    }
    if (ax == 0.0 || ax == Double.POSITIVE_INFINITY || ax == 1.0) {
      double z = y < 0.0 ? 1.0 / ax : ax;
      if (hx < 0) {
        if (ax == 1.0 && yIsInt == 0) {
          return Double.NaN; // (-1)^non-integer
        }
        if (yIsInt == 1) {
          return -z;
        }
      }
      return z;
    }
    if (hx < 0 && yIsInt == 0) {
      return Double.NaN; // negative^non-integer
    }
    double s = hx < 0 && yIsInt == 1 ? -1.0 : 1.0; // the sign of the result
    double[] t = new double[2];
    if (ay > 0x1.00000ffffffffp31) { // |y| > 2^31 (high word above 0x41e00000)
      if (ax < 0x1.fffff00000000p-1) {
        return y < 0.0 ? s * HUGE * HUGE : s * TINY * TINY;
      }
      if (ax > 0x1.00000ffffffffp0) {
        return y > 0.0 ? s * HUGE * HUGE : s * TINY * TINY;
      }
      FdlibmPowLog2.nearOne(ax, t);
    } else {
      FdlibmPowLog2.log2(ax, t);
    }
    return s * exp2(y, t[0], t[1]);
  }

  /** 2^(y (t1 + t2)), with y split so that its product with t1 is exact. */
  private static double exp2(double y, double t1, double t2) {
    double y1 = Words.clearLo(y);
    double pl = (y - y1) * t1 + y * t2;
    double ph = y1 * t1;
    double z = pl + ph;
    int j = Words.hi(z);
    int i = Words.lo(z);
    if (j >= 0x40900000) { // z >= 1024
      if (((j - 0x40900000) | i) != 0 || pl + OVT > z - ph) {
        return HUGE * HUGE;
      }
    } else if ((j & 0x7fffffff) >= 0x4090cc00) { // z <= -1075
      if (((j - 0xc090cc00) | i) != 0 || pl <= z - ph) {
        return TINY * TINY;
      }
    }
    // 2^z = 2^n 2^r with n the nearest integer to z, read off z's bits
    i = j & 0x7fffffff;
    int k = (i >> 20) - 0x3ff;
    int n = 0;
    if (i > 0x3fe00000) { // |z| > 0.5
      n = j + (0x00100000 >> (k + 1));
      k = ((n & 0x7fffffff) >> 20) - 0x3ff;
      double whole = Words.of(n & ~(0x000fffff >> k), 0);
      n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
      if (j < 0) {
        n = -n;
      }
      ph -= whole;
    }
    double t = Words.clearLo(pl + ph);
    double u = t * LG2_H;
    double v = (pl - (t - ph)) * LG2 + t * LG2_L;
    z = u + v;
    double w = v - (z - u);
    t = z * z;
    double c =
        z
            - t
                * (FdlibmExp.P1
                    + t
                        * (FdlibmExp.P2
                            + t * (FdlibmExp.P3 + t * (FdlibmExp.P4 + t * FdlibmExp.P5))));
    double r = (z * c) / (c - 2.0) - (w + z * w);
    z = 1.0 - (r - z);
    j = Words.hi(z) + (n << 20);
    if ((j >> 20) <= 0) {
      // subnormal result: scale in two steps so that only the last rounds
      return z * Words.twoTo(n + 100) * 0x1p-100;
    }
    return Words.withHi(z, j);
  }
}
