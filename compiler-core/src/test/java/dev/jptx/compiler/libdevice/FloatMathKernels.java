package dev.jptx.compiler.libdevice;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** A kernel that calls {@link FloatMath}'s single-precision algorithms directly. */
public final class FloatMathKernels {
  /** Results per input of {@link #floatMath}. */
  public static final int RESULTS = 4;

  private FloatMathKernels() {}

  /** {@code sin cos tan tanh} of x[i], as bits (NaNs canonical). */
  @Kernel
  public static void floatMath(float[] x, int[] out) {
    int i = globalIdX();
    if (i >= x.length) {
      return;
    }
    float a = x[i];
    int o = i * RESULTS;
    out[o] = Float.floatToIntBits(FloatMath.sin(a));
    out[o + 1] = Float.floatToIntBits(FloatMath.cos(a));
    out[o + 2] = Float.floatToIntBits(FloatMath.tan(a));
    out[o + 3] = Float.floatToIntBits(FloatMath.tanh(a));
  }
}
