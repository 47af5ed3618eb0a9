package dev.jptx.compiler.libdevice.fdlibm;

/**
 * FDLIBM's k_sin, k_cos and k_tan: sine, cosine and tangent of a reduced argument x + y, |x| &lt;=
 * pi/4 and |y| below half an ulp of x, by minimax polynomials; tan above 0.6744 uses tan(pi/4 - x)
 * and computes the reciprocal, when needed, with a split quotient. Its sine and cosine coefficients
 * serve {@code Math}'s library too ({@code Trig}'s double-double kernels).
 */
public final class FdlibmTrigKernels {
  // sin(x) ~ x + S1 x^3 + ... + S6 x^13 on [-pi/4, pi/4].
  public static final double S1 = -1.66666666666666324348e-01;
  public static final double S2 = 8.33333333332248946124e-03;
  public static final double S3 = -1.98412698298579493134e-04;
  public static final double S4 = 2.75573137070700676789e-06;
  public static final double S5 = -2.50507602534068634195e-08;
  public static final double S6 = 1.58969099521155010221e-10;

  // cos(x) ~ 1 - x^2/2 + C1 x^4 + ... + C6 x^14 on [-pi/4, pi/4].
  public static final double C1 = 4.16666666666666019037e-02;
  public static final double C2 = -1.38888888888741095749e-03;
  public static final double C3 = 2.48015872894767294178e-05;
  public static final double C4 = -2.75573143513906633035e-07;
  public static final double C5 = 2.08757232129817482790e-09;
  public static final double C6 = -1.13596475577881948265e-11;

  // tan(x) ~ x + T0 x^3 + ... + T12 x^27 on [-0.67434, 0.67434].
  private static final double T0 = 3.33333333333334091986e-01;
  private static final double T1 = 1.33333333333201242699e-01;
  private static final double T2 = 5.39682539762260521377e-02;
  private static final double T3 = 2.18694882948595424599e-02;
  private static final double T4 = 8.86323982359930005737e-03;
  private static final double T5 = 3.59207910759131235356e-03;
  private static final double T6 = 1.45620945432529025516e-03;
  private static final double T7 = 5.88041240820264096874e-04;
  private static final double T8 = 2.46463134818469906812e-04;
  private static final double T9 = 7.81794442939557092300e-05;
  private static final double T10 = 7.14072491382608190305e-05;
  private static final double T11 = -1.85586374855275456654e-05;
  private static final double T12 = 2.59073051863633712884e-05;
  private static final double PIO4 = 7.85398163397448278999e-01;
  private static final double PIO4_LO = 3.06161699786838301793e-17;

  private FdlibmTrigKernels() {}

  /** sin(x + y); {@code yIsZero} when y is known to be 0 (an unreduced argument). */
  static double sin(double x, double y, boolean yIsZero) {
    int ix = Words.hi(x) & 0x7fffffff;
    if (ix < 0x3e400000) { // |x| < 2^-27
      return x;
    }
    double z = x * x;
    double v = z * x;
    double r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    if (yIsZero) {
      return x + v * (S1 + z * r);
    }
    return x - ((z * (0.5 * y - v * r) - y) - v * S1);
  }

  /** cos(x + y). */
  static double cos(double x, double y) {
    int ix = Words.hi(x) & 0x7fffffff;
    if (ix < 0x3e400000) { // |x| < 2^-27
      return 1.0;
    }
    double z = x * x;
    double r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    if (ix < 0x3FD33333) { // |x| < 0.3
      return 1.0 - (0.5 * z - (z * r - x * y));
    }
    // 1 - x^2/2 = (1 - qx) - (x^2/2 - qx) with qx ~ x^2/4 cut so that 1 - qx is exact
    double qx = ix > 0x3fe90000 ? 0.28125 : Words.of(ix - 0x00200000, 0);
    double hz = 0.5 * z - qx;
    double a = 1.0 - qx;
    return a - (hz - (z * r - x * y));
  }

  /** tan(x + y) for {@code iy} = 1, -1/tan(x + y) for {@code iy} = -1. */
  static double tan(double x, double y, int iy) {
    int hx = Words.hi(x);
    int ix = hx & 0x7fffffff;
    if (ix < 0x3e300000) { // |x| < 2^-28
      if (((ix | Words.lo(x)) | (iy + 1)) == 0) {
        return 1.0 / Math.abs(x);
      }
      if (iy == 1) {
        return x;
      }
      return minusReciprocal(x + y, y - (Words.clearLo(x + y) - x));
    }
    boolean big = ix >= 0x3FE59428; // |x| >= 0.6744: tan(x) = tan(pi/4 - (pi/4 - x))
    if (big) {
      if (hx < 0) {
        x = -x;
        y = -y;
      }
      double z = PIO4 - x;
      double w = PIO4_LO - y;
      x = z + w;
      y = 0.0;
    }
    double z = x * x;
    double w = z * z;
    double r = T1 + w * (T3 + w * (T5 + w * (T7 + w * (T9 + w * T11))));
    double v = z * (T2 + w * (T4 + w * (T6 + w * (T8 + w * (T10 + w * T12)))));
    double s = z * x;
    r = y + z * (s * (r + v) + y);
    r += T0 * s;
    w = x + r;
    if (big) {
      v = iy;
      return (1 - ((hx >> 30) & 2)) * (v - 2.0 * (x - (w * w / (w + v) - r)));
    }
    if (iy == 1) {
      return w;
    }
    return minusReciprocal(w, r - (Words.clearLo(w) - x));
  }

  /**
   * -1 / w where w = z + v with z = w's leading 21 bits: the quotient's leading part t and its
   * correction from the exact remainder 1 + t z.
   */
  private static double minusReciprocal(double w, double v) {
    double z = Words.clearLo(w);
    double a = -1.0 / w;
    double t = Words.clearLo(a);
    double s = 1.0 + t * z;
    return t + a * (s + t * v);
  }
}
