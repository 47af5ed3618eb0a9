package dev.jptx.compiler.libdevice.fdlibm;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/**
 * A kernel that calls every FDLIBM-backed {@code StrictMath} function: on the {@code jvm} device
 * that is the JVM's {@code StrictMath}, compiled it is jptx's FDLIBM library.
 */
public final class StrictMathKernels {
  /** Results per input of {@link #strict}. */
  public static final int RESULTS = 18;

  private StrictMathKernels() {}

  /**
   * Every function on (x[i], y[i]), as bits (NaNs canonical: their payloads are the hardware's).
   */
  @Kernel
  public static void strict(double[] x, double[] y, long[] out) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    double a = x[i];
    double b = y[i];
    int o = i * RESULTS;
    out[o] = Double.doubleToLongBits(StrictMath.sin(a));
    out[o + 1] = Double.doubleToLongBits(StrictMath.cos(a));
    out[o + 2] = Double.doubleToLongBits(StrictMath.tan(a));
    out[o + 3] = Double.doubleToLongBits(StrictMath.asin(b));
    out[o + 4] = Double.doubleToLongBits(StrictMath.acos(b));
    out[o + 5] = Double.doubleToLongBits(StrictMath.atan(a));
    out[o + 6] = Double.doubleToLongBits(StrictMath.atan2(a, b));
    out[o + 7] = Double.doubleToLongBits(StrictMath.exp(a));
    out[o + 8] = Double.doubleToLongBits(StrictMath.log(a));
    out[o + 9] = Double.doubleToLongBits(StrictMath.log10(a));
    out[o + 10] = Double.doubleToLongBits(StrictMath.pow(a, b));
    out[o + 11] = Double.doubleToLongBits(StrictMath.sinh(a));
    out[o + 12] = Double.doubleToLongBits(StrictMath.cosh(a));
    out[o + 13] = Double.doubleToLongBits(StrictMath.tanh(a));
    out[o + 14] = Double.doubleToLongBits(StrictMath.expm1(a));
    out[o + 15] = Double.doubleToLongBits(StrictMath.log1p(a));
    out[o + 16] = Double.doubleToLongBits(StrictMath.cbrt(a));
    out[o + 17] = Double.doubleToLongBits(StrictMath.hypot(a, b));
  }
}
