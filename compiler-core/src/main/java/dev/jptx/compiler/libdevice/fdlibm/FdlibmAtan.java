package dev.jptx.compiler.libdevice.fdlibm;

/**
 * {@code StrictMath.atan} and {@code atan2}: FDLIBM's s_atan and e_atan2. atan reduces |x| to one
 * of five intervals around 0, 1/2, 1, 3/2 and infinity, atan(t) of the reduced t by a degree-22 odd
 * polynomial, plus the interval's atan in two parts; atan2 sorts out the special cases and
 * quadrants around atan|y/x|.
 */
public final class FdlibmAtan {
  /** atan(0.5), atan(1), atan(1.5), atan(inf): leading and trailing parts. */
  private static final double[] ATAN_HI = {
    4.63647609000806093515e-01,
    7.85398163397448278999e-01,
    9.82793723247329054082e-01,
    1.57079632679489655800e+00,
  };

  private static final double[] ATAN_LO = {
    2.26987774529616870924e-17,
    3.06161699786838301793e-17,
    1.39033110312309984516e-17,
    6.12323399573676603587e-17,
  };

  // atan(t) ~ t - t^3 (AT0 + AT1 t^2 + ... + AT10 t^20)
  private static final double AT0 = 3.33333333333329318027e-01;
  private static final double AT1 = -1.99999999998764832476e-01;
  private static final double AT2 = 1.42857142725034663711e-01;
  private static final double AT3 = -1.11111104054623557880e-01;
  private static final double AT4 = 9.09088713343650656196e-02;
  private static final double AT5 = -7.69187620504482999495e-02;
  private static final double AT6 = 6.66107313738753120669e-02;
  private static final double AT7 = -5.83357013379057348645e-02;
  private static final double AT8 = 4.97687799461593236017e-02;
  private static final double AT9 = -3.65315727442169155270e-02;
  private static final double AT10 = 1.62858201153657823623e-02;

  private static final double PI_O_4 = 7.8539816339744827900e-01;
  private static final double PI_O_2 = 1.5707963267948965580e+00;
  private static final double PI = 3.1415926535897931160e+00;
  private static final double PI_LO = 1.2246467991473531772e-16;

  private FdlibmAtan() {}

  /** {@code StrictMath.atan(x)}. */
  public static double atan(double x) {
    int hx = Words.hi(x);
    int ix = hx & 0x7fffffff;
    if (ix >= 0x44100000) { // |x| >= 2^66
      if (Double.isNaN(x)) {
        return x + x;
      }
      return hx > 0 ? ATAN_HI[3] + ATAN_LO[3] : -ATAN_HI[3] - ATAN_LO[3];
    }
    int id;
    if (ix < 0x3fdc0000) { // |x| < 0.4375
      if (ix < 0x3e200000) { // |x| < 2^-29
        return x;
      }
      id = -1;
    } else {
      x = Math.abs(x);
      if (ix < 0x3ff30000) { // |x| < 1.1875
        if (ix < 0x3fe60000) { // 7/16 <= |x| < 11/16
          id = 0;
          x = (2.0 * x - 1.0) / (2.0 + x);
        } else { // 11/16 <= |x| < 19/16
          id = 1;
          x = (x - 1.0) / (x + 1.0);
        }
      } else if (ix < 0x40038000) { // |x| < 2.4375
        id = 2;
        x = (x - 1.5) / (1.0 + 1.5 * x);
      } else { // 2.4375 <= |x| < 2^66
        id = 3;
        x = -1.0 / x;
      }
    }
    double z = x * x;
    double w = z * z;
    // the odd and even halves of the polynomial, in w = z^2
    double s1 = z * (AT0 + w * (AT2 + w * (AT4 + w * (AT6 + w * (AT8 + w * AT10)))));
    double s2 = w * (AT1 + w * (AT3 + w * (AT5 + w * (AT7 + w * AT9))));
    if (id < 0) {
      return x - x * (s1 + s2);
    }
    z = ATAN_HI[id] - ((x * (s1 + s2) - ATAN_LO[id]) - x);
    return hx < 0 ? -z : z;
  }

  /** {@code StrictMath.atan2(y, x)}. */
  public static double atan2(double y, double x) {
    if (Double.isNaN(x) || Double.isNaN(y)) {
      return x + y;
    }
    int hx = Words.hi(x);
    int ix = hx & 0x7fffffff;
    int lx = Words.lo(x);
    int hy = Words.hi(y);
    int iy = hy & 0x7fffffff;
    if (((hx - 0x3ff00000) | lx) == 0) { // x = 1
      return atan(y);
    }
    int m = ((hy >> 31) & 1) | ((hx >> 30) & 2); // 2 sign(x) + sign(y)
    if (y == 0.0) {
      if (m <= 1) {
        return y;
      }
      return m == 2 ? PI : -PI;
    }
    if (x == 0.0) {
      return hy < 0 ? -PI_O_2 : PI_O_2;
    }
    if (ix == 0x7ff00000) { // x infinite
      if (iy == 0x7ff00000) {
        return quadrant(m, PI_O_4, 3.0 * PI_O_4);
      }
      return quadrant(m, 0.0, PI);
    }
    if (iy == 0x7ff00000) {
      return hy < 0 ? -PI_O_2 : PI_O_2;
    }
    int k = (iy - ix) >> 20;
    double z;
    if (k > 60) { // |y/x| > 2^60
      z = PI_O_2 + 0.5 * PI_LO;
    } else if (hx < 0 && k < -60) { // |y|/x < -2^60
      z = 0.0;
    } else {
      z = atan(Math.abs(y / x));
    }
    switch (m) {
      case 0:
        return z;
      case 1:
        return -z;
      case 2:
        return PI - (z - PI_LO);
      default:
        return (z - PI_LO) - PI;
    }
  }

  /** {@code right} for x > 0 and {@code left} for x < 0, with y's sign. */
  private static double quadrant(int m, double right, double left) {
    double v = (m & 2) == 0 ? right : left;
    return (m & 1) == 0 ? v : -v;
  }
}
