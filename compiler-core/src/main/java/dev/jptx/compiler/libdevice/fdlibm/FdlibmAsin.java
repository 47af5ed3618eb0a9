package dev.jptx.compiler.libdevice.fdlibm;

/**
 * {@code StrictMath.asin} and {@code acos}: FDLIBM's e_asin and e_acos. Below 1/2, asin(x) = x + x
 * R(x^2) with R a rational minimax form; above, both use asin(x) = pi/2 - 2 asin(sqrt((1 - x)/2))
 * with the square root split into a 21-bit leading part and an exact correction.
 */
public final class FdlibmAsin {
  private static final double PI = 3.14159265358979311600e+00;
  private static final double PIO2_HI = 1.57079632679489655800e+00;
  private static final double PIO2_LO = 6.12323399573676603587e-17;
  private static final double PIO4_HI = 7.85398163397448278999e-01;

  // R(t) = t P(t) / Q(t): numerator and denominator coefficients.
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

  private FdlibmAsin() {}

  /** {@code StrictMath.asin(x)}. */
  public static double asin(double x) {
    int hx = Words.hi(x);
    int ix = hx & 0x7fffffff;
    if (ix >= 0x3ff00000) { // |x| >= 1
      if (((ix - 0x3ff00000) | Words.lo(x)) == 0) {
        return x * PIO2_HI + x * PIO2_LO;
      }
      return Double.NaN;
    }
    if (ix < 0x3fe00000) { // |x| < 0.5
      if (ix < 0x3e400000) { // |x| < 2^-27
        return x;
      }
      double t = x * x;
      return x + x * (numerator(t) / denominator(t));
    }
    double w = 1.0 - Math.abs(x);
    double t = w * 0.5;
    double p = numerator(t);
    double q = denominator(t);
    double s = Math.sqrt(t);
    if (ix >= 0x3FEF3333) { // |x| > 0.975
      w = p / q;
      t = PIO2_HI - (2.0 * (s + s * w) - PIO2_LO);
    } else {
      w = Words.clearLo(s);
      double c = (t - w * w) / (s + w);
      double r = p / q;
      p = 2.0 * s * r - (PIO2_LO - 2.0 * c);
      q = PIO4_HI - 2.0 * w;
      t = PIO4_HI - (p - q);
    }
    return hx > 0 ? t : -t;
  }

  /** {@code StrictMath.acos(x)}. */
  public static double acos(double x) {
    int hx = Words.hi(x);
    int ix = hx & 0x7fffffff;
    if (ix >= 0x3ff00000) { // |x| >= 1
      if (((ix - 0x3ff00000) | Words.lo(x)) == 0) {
        return hx > 0 ? 0.0 : PI + 2.0 * PIO2_LO;
      }
      return Double.NaN;
    }
    if (ix < 0x3fe00000) { // |x| < 0.5
      if (ix <= 0x3c600000) { // |x| < 2^-57
        return PIO2_HI + PIO2_LO;
      }
      double z = x * x;
      double r = numerator(z) / denominator(z);
      return PIO2_HI - (x - (PIO2_LO - x * r));
    }
    if (hx < 0) { // x < -0.5
      double z = (1.0 + x) * 0.5;
      double s = Math.sqrt(z);
      double r = numerator(z) / denominator(z);
      double w = r * s - PIO2_LO;
      return PI - 2.0 * (s + w);
    }
    double z = (1.0 - x) * 0.5;
    double s = Math.sqrt(z);
    double df = Words.clearLo(s);
    double c = (z - df * df) / (s + df);
    double r = numerator(z) / denominator(z);
    double w = r * s + c;
    return 2.0 * (df + w);
  }

  private static double numerator(double t) {
    return t * (PS0 + t * (PS1 + t * (PS2 + t * (PS3 + t * (PS4 + t * PS5)))));
  }

  private static double denominator(double t) {
    return 1.0 + t * (QS1 + t * (QS2 + t * (QS3 + t * QS4)));
  }
}
