package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.GpuMath;
import dev.jptx.Kernel;

/**
 * The math library from kernels: every transcendental {@code Math} function on {@code double}, a
 * few through {@code StrictMath}, and every {@code GpuMath} function, once with the accurate
 * library and once under {@code fastMath}.
 */
public final class MathKernels {
  private MathKernels() {}

  /** The number of results {@link #doubles} writes per element. */
  public static final int DOUBLE_RESULTS = 18;

  /** The number of results {@link #floats} writes per element. */
  public static final int FLOAT_RESULTS = 23;

  @Kernel
  public static void doubles(double[] xs, double[] ys, double[] out) {
    int i = globalIdX();
    if (i >= xs.length) {
      return;
    }
    double x = xs[i];
    double y = ys[i];
    int k = i * DOUBLE_RESULTS;
    out[k] = Math.sin(x);
    out[k + 1] = Math.cos(x);
    out[k + 2] = Math.tan(x);
    out[k + 3] = Math.asin(x);
    out[k + 4] = Math.acos(x);
    out[k + 5] = Math.atan(x);
    out[k + 6] = Math.atan2(y, x);
    out[k + 7] = Math.exp(x);
    out[k + 8] = Math.log(x);
    out[k + 9] = Math.log10(x);
    out[k + 10] = Math.pow(x, y);
    out[k + 11] = StrictMath.sinh(x);
    out[k + 12] = StrictMath.cosh(x);
    out[k + 13] = StrictMath.tanh(x);
    out[k + 14] = Math.expm1(x);
    out[k + 15] = Math.log1p(x);
    out[k + 16] = Math.cbrt(x);
    out[k + 17] = Math.hypot(x, y);
  }

  @Kernel
  public static void floats(float[] xs, float[] ys, float[] out) {
    int i = globalIdX();
    if (i >= xs.length) {
      return;
    }
    float x = xs[i];
    float y = ys[i];
    int k = i * FLOAT_RESULTS;
    out[k] = GpuMath.sin(x);
    out[k + 1] = GpuMath.cos(x);
    out[k + 2] = GpuMath.tan(x);
    out[k + 3] = GpuMath.asin(x);
    out[k + 4] = GpuMath.acos(x);
    out[k + 5] = GpuMath.atan(x);
    out[k + 6] = GpuMath.atan2(y, x);
    out[k + 7] = GpuMath.sinh(x);
    out[k + 8] = GpuMath.cosh(x);
    out[k + 9] = GpuMath.tanh(x);
    out[k + 10] = GpuMath.exp(x);
    out[k + 11] = GpuMath.exp2(x);
    out[k + 12] = GpuMath.exp10(x);
    out[k + 13] = GpuMath.expm1(x);
    out[k + 14] = GpuMath.log(x);
    out[k + 15] = GpuMath.log2(x);
    out[k + 16] = GpuMath.log10(x);
    out[k + 17] = GpuMath.log1p(x);
    out[k + 18] = GpuMath.pow(x, y);
    out[k + 19] = GpuMath.cbrt(x);
    out[k + 20] = GpuMath.hypot(x, y);
    out[k + 21] = GpuMath.sqrt(x);
    out[k + 22] = GpuMath.rsqrt(x);
  }
}
