package dev.jptx.compiler.libdevice;

/**
 * {@code Math.asin}, {@code acos}, {@code atan} and {@code atan2} for doubles.
 *
 * <p>atan: |x| is mapped by the breakpoints 7/16, 11/16, 19/16, 39/16 onto {@code atan(c) +
 * atan(t)} with {@code t = (x - c) / (1 + c x)}, |t| &lt;= 7/16 (c = 0, 1/2, 1, 3/2, infinity), and
 * {@code atan(t) = t - t * P(t^2)} uses fdlibm's published degree-22 minimax polynomial, whose
 * leading term {@code A0 t^3} is formed exactly. The quotient's rounding error is recovered with an
 * {@code fma} and added as {@code dt / (1 + t^2)}, and {@code atan(c)} is a double-double, so the
 * result is {@code atan(c) + t} plus a small, well computed tail: the error is below 0.6 ulp. atan2
 * reuses that kernel on {@code |y/x|} (its own division's remainder is the incoming tail) and adds
 * the quadrant's multiple of pi in double-double, so it is as accurate as atan.
 *
 * <p>asin and acos use fdlibm's published rational approximation {@code asin(x) = x + x R(x^2)} for
 * |x| &lt; 1/2 and the identity {@code asin(x) = pi/2 - 2 asin(sqrt((1 - x) / 2))} above it, with
 * the square root carried as a double-double (its remainder is exact with {@code fma}), pi/2 as a
 * double-double and the leading term {@code x^3 / 6} of the correction formed exactly, so the one
 * final rounding dominates (below 0.6 ulp measured).
 */
public final class InverseTrig {
  private static final double PIO2_HI = 0x1.921fb54442d18p0;
  private static final double PIO2_LO = 0x1.1a62633145c07p-54;
  private static final double PI_HI = 0x1.921fb54442d18p1;
  private static final double PI_LO = 0x1.1a62633145c07p-53;
  private static final double PIO4 = 0x1.921fb54442d18p-1;
  private static final double THREE_PIO4 = 0x1.2d97c7f3321d2p1;

  // atan(c) for c = 1/2, 1, 3/2, infinity as double-doubles.
  private static final double[] ATAN_HI = {
    4.63647609000806093515e-01, 7.85398163397448278999e-01,
    9.82793723247329054082e-01, 1.57079632679489655800e+00
  };
  private static final double[] ATAN_LO = {
    2.26987774529616870924e-17, 3.06161699786838301793e-17,
    1.39033110312309984516e-17, 6.12323399573676603587e-17
  };

  // atan(t) ~ t - t (A0 t^2 + A1 t^4 + ... + A10 t^22), |t| <= 7/16 (fdlibm's minimax).
  private static final double A0 = 3.33333333333329318027e-01;
  private static final double A1 = -1.99999999998764832476e-01;
  private static final double A2 = 1.42857142725034663711e-01;
  private static final double A3 = -1.11111104054623557880e-01;
  private static final double A4 = 9.09088713343650656196e-02;
  private static final double A5 = -7.69187620504482999495e-02;
  private static final double A6 = 6.66107313738753120669e-02;
  private static final double A7 = -5.83357013379057348645e-02;
  private static final double A8 = 4.97687799461593236017e-02;
  private static final double A9 = -3.65315727442169155270e-02;
  private static final double A10 = 1.62858201153657823623e-02;

  // asin(x) ~ x + x * P(z) / Q(z), z = x^2 <= 1/4 (fdlibm's rational minimax).
  private static final double PS0 = 1.66666666666666657415e-01;
  private static final double PS1 = -3.25565818622400915405e-01;
  private static final double PS2 = 2.01212532134862925881e-01;
  private static final double PS3 = -4.00555345006794114027e-02;
  private static final double PS4 = 7.91534994289814532176e-04;
  private static final double PS5 = 3.47933107596021167570e-05;
  private static final double QS1 = -2.40339491173441421878e+00;
  private static final double QS2 = 2.02094576023350569471e+00;
  private static final double QS3 = -6.88283971605453293030e-01;
  private static final double QS4 = 7.70381505559019352791e-02;

  /** Below this asin, atan (and the identity) round to x itself. */
  private static final double TINY = 0x1p-28;

  private InverseTrig() {}

  /** {@code Math.atan(x)}. */
  public static double atan(double x) {
    double ax = Math.abs(x);
    if (ax < TINY || Double.isNaN(x)) {
      return x;
    }
    double[] dd = new double[2];
    double v = atanDd(ax, 0.0, dd);
    return x < 0 ? -v : v;
  }

  /** {@code Math.atan2(y, x)}. */
  public static double atan2(double y, double x) {
    if (Double.isNaN(x) || Double.isNaN(y)) {
      return x + y;
    }
    double ay = Math.abs(y);
    double ax = Math.abs(x);
    boolean xNeg = Double.doubleToRawLongBits(x) < 0;
    double r;
    if (ay == 0.0) {
      r = xNeg ? PI_HI : 0.0;
    } else if (Double.isInfinite(ay)) {
      if (Double.isInfinite(ax)) {
        r = xNeg ? THREE_PIO4 : PIO4;
      } else {
        r = PIO2_HI;
      }
    } else if (ax == 0.0) {
      r = PIO2_HI;
    } else if (Double.isInfinite(ax)) {
      r = xNeg ? PI_HI : 0.0;
    } else {
      r = atan2Finite(ay, ax, xNeg);
    }
    return Double.doubleToRawLongBits(y) < 0 ? -r : r;
  }

  /** atan2 for finite nonzero |y|, |x|, x of the given sign; result in [0, pi]. */
  private static double atan2Finite(double ay, double ax, boolean xNeg) {
    int ey = exponent(ay);
    int ex = exponent(ax);
    if (ey - ex > 60) {
      // |y/x| > 2^60: the result is pi/2 -+ |x/y|, and |x/y| is far below half an ulp of pi/2.
      return PIO2_HI;
    }
    if (ex - ey > 60) {
      // |y/x| < 2^-60: atan(q) = q (1 - q^2/3) rounds like the correctly rounded quotient itself.
      return xNeg ? PI_HI : ay / ax;
    }
    // Scale both by the same power of two so that x lies in [1, 2): the quotient and its exact
    // remainder then neither overflow nor underflow.
    if (ax < 0x1p-1000) {
      ax *= 0x1p600;
      ay *= 0x1p600;
    } else if (ax > 0x1p1000) {
      ax *= 0x1p-600;
      ay *= 0x1p-600;
    }
    double scale = Double.longBitsToDouble((long) (1023 - exponent(ax)) << 52);
    ax *= scale;
    ay *= scale;
    double q = ay / ax;
    double dq = Math.fma(-q, ax, ay) / ax;
    double[] dd = new double[2];
    double v = atanDd(q, dq, dd);
    if (!xNeg) {
      return v;
    }
    double h = dd[0];
    double l = dd[1];
    double s = PI_HI - h;
    double e = (PI_HI - s) - h;
    return s + (e + (PI_LO - l));
  }

  /** The unbiased binary exponent of a finite nonzero {@code |d|}, subnormals included. */
  private static int exponent(double d) {
    long bits = Double.doubleToRawLongBits(d) & 0x7FFFFFFFFFFFFFFFL;
    int biased = (int) (bits >>> 52);
    if (biased == 0) {
      return -1011 - Long.numberOfLeadingZeros(bits);
    }
    return biased - 1023;
  }

  /**
   * atan(a + da) for 2^-62 <= a (da a correction far below ulp(a)), as a double-double in {@code
   * out}; returns the rounded sum.
   */
  private static double atanDd(double a, double da, double[] out) {
    if (a >= 0x1p66) {
      out[0] = PIO2_HI;
      out[1] = PIO2_LO;
      return PIO2_HI;
    }
    int id;
    double t;
    double dt;
    if (a < 0.4375) {
      id = -1;
      t = a;
      dt = 0.0;
    } else {
      // t = num / (dh + dl) = (a - c) / (1 + c a); num is exact, the denominator a double-double.
      double num;
      double dh;
      double dl;
      if (a < 0.6875) {
        id = 0;
        num = 2.0 * a - 1.0;
        dh = 2.0 + a;
        dl = (2.0 - dh) + a;
      } else if (a < 1.1875) {
        id = 1;
        num = a - 1.0;
        dh = a + 1.0;
        dl = (a - dh) + 1.0;
      } else if (a < 2.4375) {
        id = 2;
        num = a - 1.5;
        double p = 1.5 * a;
        double pe = Math.fma(1.5, a, -p);
        dh = 1.0 + p;
        dl = ((p - dh) + 1.0) + pe;
      } else {
        id = 3;
        num = -1.0;
        dh = a;
        dl = 0.0;
      }
      t = num / dh;
      dt = (Math.fma(-t, dh, num) - t * dl) / dh;
    }
    // atan(t + dt) = t - A0 t^3 - t^5 (...) + dt / (1 + t^2), with t - A0 t^3 an exact
    // double-double (the largest correction, up to 6% of t) and the rest below 1% of t; da enters
    // through atan'(a) = 1 / (1 + a^2).
    double z = t * t;
    double ze = Math.fma(t, t, -z);
    double t3 = z * t;
    double t3e = Math.fma(z, t, -t3) + ze * t;
    double lead = t3 * A0;
    double leadE = Math.fma(t3, A0, -lead) + t3e * A0;
    double w = z * z;
    double odd = w * (A2 + w * (A4 + w * (A6 + w * (A8 + w * A10))));
    double even = w * (A1 + w * (A3 + w * (A5 + w * (A7 + w * A9))));
    double sh = t - lead;
    double se = (t - sh) - lead;
    double tail = (se - leadE) - (t3 * odd + t * even) + dt / (1.0 + z) + da / (1.0 + a * a);
    if (id < 0) {
      return store(sh, tail, out);
    }
    double h = ATAN_HI[id] + sh;
    double e = (ATAN_HI[id] - h) + sh;
    return store(h, e + (ATAN_LO[id] + tail), out);
  }

  /** Normalizes {@code hi + lo} (|lo| much smaller than |hi|) into {@code out}; returns the sum. */
  private static double store(double hi, double lo, double[] out) {
    double s = hi + lo;
    out[0] = s;
    out[1] = (hi - s) + lo;
    return s;
  }

  /** {@code Math.asin(x)}. */
  public static double asin(double x) {
    double ax = Math.abs(x);
    if (ax < TINY || Double.isNaN(x)) {
      return x;
    }
    if (ax >= 1.0) {
      return ax == 1.0 ? x * PIO2_HI : (x - x) / (x - x);
    }
    // asin(u) = u + u R(z), z = u^2, with u R(z) = PS0 u z + u z^2 D(z) / Q(z): the first term
    // (90% of the correction) as an exact double-double, so rounding errors only touch the 10%.
    double v;
    if (ax < 0.5) {
      double z = ax * ax;
      double ze = Math.fma(ax, ax, -z);
      double m = ax * z;
      double me = Math.fma(ax, z, -m) + ax * ze;
      double lead = m * PS0;
      double leadE = Math.fma(m, PS0, -lead) + me * PS0;
      double h = ax + lead;
      double e = (ax - h) + lead;
      v = h + (e + (leadE + ax * rest(z)));
    } else {
      // pi/2 - 2 (s + s R(z)) with z = (1 - ax)/2 exact and s + c = sqrt(z).
      double z = 0.5 * (1.0 - ax);
      double s = Math.sqrt(z);
      double c = Math.fma(-s, s, z) / (s + s);
      double m = s * z;
      double me = Math.fma(s, z, -m);
      double lead = m * PS0;
      double leadE = Math.fma(m, PS0, -lead) + me * PS0;
      double t = 2.0 * s;
      double h = PIO2_HI - t;
      double e = (PIO2_HI - h) - t;
      double lead2 = 2.0 * lead;
      double h2 = h - lead2;
      double e2 = (h - h2) - lead2;
      v = h2 + ((e2 + e) + (PIO2_LO - 2.0 * ((c + leadE) + s * rest(z))));
    }
    return x < 0 ? -v : v;
  }

  /** {@code Math.acos(x)}. */
  public static double acos(double x) {
    double ax = Math.abs(x);
    if (Double.isNaN(x)) {
      return x;
    }
    if (ax >= 1.0) {
      if (ax > 1.0) {
        return (x - x) / (x - x);
      }
      return x > 0 ? 0.0 : PI_HI;
    }
    if (ax < 0.5) {
      // pi/2 - asin(x), with pi/2 - x exact as a two-sum.
      double h = PIO2_HI - x;
      double e = (PIO2_HI - h) - x;
      return h + (e + (PIO2_LO - x * ratio(x * x)));
    }
    double z = 0.5 * (1.0 - ax);
    double s = Math.sqrt(z);
    double c = Math.fma(-s, s, z) / (s + s);
    double tail = c + s * ratio(z);
    if (x > 0) {
      // 2 asin(sqrt(z)).
      return 2.0 * s + 2.0 * tail;
    }
    // pi - 2 asin(sqrt(z)).
    double t = 2.0 * s;
    double h = PI_HI - t;
    double e = (PI_HI - h) - t;
    return h + (e + (PI_LO - 2.0 * tail));
  }

  /** R(z) = P(z)/Q(z) with asin(x) ~ x + x R(x^2). */
  private static double ratio(double z) {
    return PS0 * z + rest(z);
  }

  /**
   * R(z) - PS0 z = z^2 D(z) / Q(z), where P(z) = z (PS0 + z P1(z)), Q(z) = 1 + z Q1(z) and D = P1 -
   * PS0 Q1.
   */
  private static double rest(double z) {
    double p1 = PS1 + z * (PS2 + z * (PS3 + z * (PS4 + z * PS5)));
    double q1 = QS1 + z * (QS2 + z * (QS3 + z * QS4));
    double q = 1.0 + z * q1;
    return z * z * (p1 - PS0 * q1) / q;
  }
}
