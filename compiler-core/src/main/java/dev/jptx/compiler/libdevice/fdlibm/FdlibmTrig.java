package dev.jptx.compiler.libdevice.fdlibm;

/**
 * {@code StrictMath.sin}, {@code cos} and {@code tan}: FDLIBM's s_sin, s_cos and s_tan. Arguments
 * within pi/4 go to the kernels directly; others are reduced by {@link FdlibmRemPio2} and the
 * quadrant picks the kernel and the sign.
 */
public final class FdlibmTrig {
  private FdlibmTrig() {}

  /** {@code StrictMath.sin(x)}. */
  public static double sin(double x) {
    int ix = Words.hi(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) { // |x| <= pi/4
      return FdlibmTrigKernels.sin(x, 0.0, true);
    }
    if (ix >= 0x7ff00000) {
      return x - x;
    }
    double[] y = new double[2];
    int n = FdlibmRemPio2.reduce(x, y);
    double v =
        (n & 1) == 0 ? FdlibmTrigKernels.sin(y[0], y[1], false) : FdlibmTrigKernels.cos(y[0], y[1]);
    return (n & 2) == 0 ? v : -v;
  }

  /** {@code StrictMath.cos(x)}. */
  public static double cos(double x) {
    int ix = Words.hi(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) {
      return FdlibmTrigKernels.cos(x, 0.0);
    }
    if (ix >= 0x7ff00000) {
      return x - x;
    }
    double[] y = new double[2];
    int n = FdlibmRemPio2.reduce(x, y);
    double v =
        (n & 1) == 0 ? FdlibmTrigKernels.cos(y[0], y[1]) : FdlibmTrigKernels.sin(y[0], y[1], false);
    return ((n + 1) & 2) == 0 ? v : -v;
  }

  /** {@code StrictMath.tan(x)}. */
  public static double tan(double x) {
    int ix = Words.hi(x) & 0x7fffffff;
    if (ix <= 0x3fe921fb) {
      return FdlibmTrigKernels.tan(x, 0.0, 1);
    }
    if (ix >= 0x7ff00000) {
      return x - x;
    }
    double[] y = new double[2];
    int n = FdlibmRemPio2.reduce(x, y);
    return FdlibmTrigKernels.tan(y[0], y[1], 1 - ((n & 1) << 1));
  }
}
