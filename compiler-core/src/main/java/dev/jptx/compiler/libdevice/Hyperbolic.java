package dev.jptx.compiler.libdevice;

/**
 * {@code sinh}, {@code cosh} and {@code tanh} in double precision, with {@link Math}'s special
 * cases and well within its 2.5 ulp bound (measured below 0.51 ulp).
 *
 * <p>All three come from {@link ExpLog#expKernel}, which holds {@code e^|x|} and {@code e^-|x|} as
 * double-doubles (about 2^-64 relative), so the cancellation in {@code e^x - e^-x} for small {@code
 * x} costs nothing visible: down to {@code |x| = 2^-28} the difference keeps more than 70 correct
 * bits. Below that the functions round to {@code x} (or 1). From {@code |x| = 22} on, {@code
 * e^-|x|} is below 2^-63 of {@code e^|x|}, so {@code sinh} and {@code cosh} are {@code e^(|x| -
 * ln2)} (the shift done in double-double, which also puts the overflow threshold at the right
 * place) and {@code tanh} rounds to 1. {@code tanh} is {@code t/(t + 2)} with {@code t =
 * expm1(2|x|)}, which has no cancellation.
 */
public final class Hyperbolic {
  private static final double TINY = 0x1p-28;
  private static final double LARGE = 22.0;

  private Hyperbolic() {}

  /** Hyperbolic sine. */
  public static double sinh(double x) {
    double a = Math.abs(x);
    if (!(a >= TINY)) {
      // NaN, zeros, and |x| where x^3/6 is below a quarter ulp of x.
      return x;
    }
    double r = a < LARGE ? ExpLog.expKernel(a, 0.0, ExpLog.MODE_SINH) : halfExp(a);
    return x < 0.0 ? -r : r;
  }

  /** Hyperbolic cosine. */
  public static double cosh(double x) {
    double a = Math.abs(x);
    if (Double.isNaN(x)) {
      return x;
    }
    if (a < TINY) {
      return 1.0;
    }
    return a < LARGE ? ExpLog.expKernel(a, 0.0, ExpLog.MODE_COSH) : halfExp(a);
  }

  /** Hyperbolic tangent. */
  public static double tanh(double x) {
    double a = Math.abs(x);
    if (!(a >= TINY)) {
      // NaN, zeros, and |x| where x^3/3 is below a quarter ulp of x.
      return x;
    }
    double r = a < LARGE ? ExpLog.expKernel(2.0 * a, 0.0, ExpLog.MODE_TANH) : 1.0;
    return x < 0.0 ? -r : r;
  }

  /** {@code e^a / 2 = e^(a - ln2)} for {@code a >= 22} (or infinite). */
  private static double halfExp(double a) {
    // Exact: a >= 16 has an ulp that divides LN2_HI's last bit (2^-42), and the difference is
    // smaller than a.
    double h = a - ExpLog.LN2_HI;
    return ExpLog.expKernel(h, -ExpLog.LN2_LO, ExpLog.MODE_EXP);
  }
}
