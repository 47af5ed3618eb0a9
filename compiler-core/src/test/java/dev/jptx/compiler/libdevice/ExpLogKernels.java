package dev.jptx.compiler.libdevice;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** A kernel calling every function of {@link ExpLog} and {@link Hyperbolic}, one thread each. */
public final class ExpLogKernels {
  private ExpLogKernels() {}

  /** Results per thread of {@link #all}. */
  public static final int RESULTS = 9;

  /** Each function at {@code x[i]} ({@code pow} at {@code x[i], y[i]}), as bits. */
  @Kernel
  public static void all(double[] x, double[] y, long[] out) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    double v = x[i];
    int o = i * RESULTS;
    out[o] = Double.doubleToLongBits(ExpLog.exp(v));
    out[o + 1] = Double.doubleToLongBits(ExpLog.expm1(v));
    out[o + 2] = Double.doubleToLongBits(ExpLog.log(v));
    out[o + 3] = Double.doubleToLongBits(ExpLog.log10(v));
    out[o + 4] = Double.doubleToLongBits(ExpLog.log1p(v));
    out[o + 5] = Double.doubleToLongBits(ExpLog.pow(v, y[i]));
    out[o + 6] = Double.doubleToLongBits(Hyperbolic.sinh(v));
    out[o + 7] = Double.doubleToLongBits(Hyperbolic.cosh(v));
    out[o + 8] = Double.doubleToLongBits(Hyperbolic.tanh(v));
  }
}
