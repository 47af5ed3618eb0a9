package dev.jptx.compiler.libdevice;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** Kernels that call the math library directly, so jptx compiles it into device functions. */
public final class LibdeviceKernels {
  /** Results per input of {@link #math}. */
  public static final int RESULTS = 9;

  private LibdeviceKernels() {}

  /**
   * Every function of the library on (x[i], y[i]), as bits (NaNs canonical: their payloads are the
   * hardware's).
   */
  @Kernel
  public static void math(double[] x, double[] y, long[] out) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    double a = x[i];
    double b = y[i];
    int o = i * RESULTS;
    out[o] = Double.doubleToLongBits(Trig.sin(a));
    out[o + 1] = Double.doubleToLongBits(Trig.cos(a));
    out[o + 2] = Double.doubleToLongBits(Trig.tan(a));
    out[o + 3] = Double.doubleToLongBits(InverseTrig.asin(b));
    out[o + 4] = Double.doubleToLongBits(InverseTrig.acos(b));
    out[o + 5] = Double.doubleToLongBits(InverseTrig.atan(a));
    out[o + 6] = Double.doubleToLongBits(InverseTrig.atan2(a, b));
    out[o + 7] = Double.doubleToLongBits(Roots.cbrt(a));
    out[o + 8] = Double.doubleToLongBits(Roots.hypot(a, b));
  }
}
