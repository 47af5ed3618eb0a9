package dev.jptx.compiler.libdevice;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** A kernel that calls {@link FloatMath}'s single-precision algorithms directly. */
public final class FloatMathKernels {
  /** Results per input of {@link #floatMath}. */
  public static final int RESULTS = 19;

  private FloatMathKernels() {}

  /**
   * {@code sin cos tan tanh exp2 exp10 sinh cosh log2 log10 rsqrt asin acos atan cbrt expm1 log1p}
   * of x[i] and {@code hypot} and {@code atan2} of x[i] and x[i]'s bits rotated, as bits (NaNs
   * canonical).
   */
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
    out[o + 4] = Float.floatToIntBits(FloatMath.exp2(a));
    out[o + 5] = Float.floatToIntBits(FloatMath.exp10(a));
    out[o + 6] = Float.floatToIntBits(FloatMath.sinh(a));
    out[o + 7] = Float.floatToIntBits(FloatMath.cosh(a));
    out[o + 8] = Float.floatToIntBits(FloatMath.log2(a));
    out[o + 9] = Float.floatToIntBits(FloatMath.log10(a));
    out[o + 10] = Float.floatToIntBits(FloatMath.rsqrt(a));
    out[o + 11] = Float.floatToIntBits(FloatMath.asin(a));
    out[o + 12] = Float.floatToIntBits(FloatMath.acos(a));
    out[o + 13] = Float.floatToIntBits(FloatMath.atan(a));
    float b = Float.intBitsToFloat(Integer.rotateLeft(Float.floatToRawIntBits(a), 7));
    out[o + 14] = Float.floatToIntBits(FloatMath.hypot(a, b));
    out[o + 15] = Float.floatToIntBits(FloatMath.atan2(b, a));
    out[o + 16] = Float.floatToIntBits(FloatMath.cbrt(a));
    out[o + 17] = Float.floatToIntBits(FloatMath.expm1(a));
    out[o + 18] = Float.floatToIntBits(FloatMath.log1p(a));
  }
}
