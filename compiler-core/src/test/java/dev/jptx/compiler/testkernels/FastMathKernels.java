package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.GpuMath;
import dev.jptx.Kernel;

/**
 * {@code GpuMath} under a kernel's own fast math: a class of its own, since the PTX lint checks a
 * module with a fast-math kernel in its relaxed mode.
 */
public final class FastMathKernels {
  private FastMathKernels() {}

  /** The number of results {@link #fastFloats} writes per element. */
  public static final int FAST_RESULTS = 14;

  /**
   * The functions that have a hardware approximation, under fast math, and {@code asin}, which has
   * none and stays accurate. Fast math is the kernel's own: a device function it calls keeps the
   * accurate library unless the build's {@code fastMath} is on.
   */
  @Kernel(fastMath = true)
  public static void fastFloats(float[] xs, float[] ys, float[] out) {
    int i = globalIdX();
    if (i >= xs.length) {
      return;
    }
    float x = xs[i];
    float y = ys[i];
    int k = i * FAST_RESULTS;
    out[k] = GpuMath.sin(x);
    out[k + 1] = GpuMath.cos(x);
    out[k + 2] = GpuMath.tan(x);
    out[k + 3] = GpuMath.exp(x);
    out[k + 4] = GpuMath.exp2(x);
    out[k + 5] = GpuMath.exp10(x);
    out[k + 6] = GpuMath.log(x);
    out[k + 7] = GpuMath.log2(x);
    out[k + 8] = GpuMath.log10(x);
    out[k + 9] = GpuMath.pow(x, y);
    out[k + 10] = GpuMath.sqrt(x);
    out[k + 11] = GpuMath.rsqrt(x);
    out[k + 12] = GpuMath.asin(x);
    out[k + 13] = GpuMath.tanh(x);
  }

  /** The number of results {@link #fastLibrary} writes per element. */
  public static final int LIBRARY_RESULTS = 11;

  /**
   * The functions without a hardware approximation under fast math: the accurate library, inlined
   * into the fast-math kernel and contracted there, as nvcc contracts its own.
   */
  @Kernel(fastMath = true)
  public static void fastLibrary(float[] xs, float[] ys, float[] out) {
    int i = globalIdX();
    if (i >= xs.length) {
      return;
    }
    float x = xs[i];
    float y = ys[i];
    int k = i * LIBRARY_RESULTS;
    out[k] = GpuMath.asin(y);
    out[k + 1] = GpuMath.acos(y);
    out[k + 2] = GpuMath.atan(x);
    out[k + 3] = GpuMath.atan2(y, x);
    out[k + 4] = GpuMath.sinh(x);
    out[k + 5] = GpuMath.cosh(x);
    out[k + 6] = GpuMath.tanh(x);
    out[k + 7] = GpuMath.expm1(x);
    out[k + 8] = GpuMath.log1p(x);
    out[k + 9] = GpuMath.cbrt(x);
    out[k + 10] = GpuMath.hypot(x, y);
  }
}
