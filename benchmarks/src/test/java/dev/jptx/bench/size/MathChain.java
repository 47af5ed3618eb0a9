package dev.jptx.bench.size;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.GpuMath;
import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Physics-style code with many inlined {@code GpuMath} calls: a damped-oscillator and a radiation
 * term per input, each function called several times on other values.
 */
public final class MathChain {
  private MathChain() {}

  private static float oscillator(float x, float t) {
    return GpuMath.exp(-0.5f * t) * GpuMath.sin(x * t + 0.25f) + GpuMath.cos(x - t) * 0.125f;
  }

  private static float radiation(float x) {
    return GpuMath.log1p(x * x) + GpuMath.tanh(x * 0.75f);
  }

  /** Thread {@code t} combines inputs {@code 4t} to {@code 4t + 3}. */
  @Kernel
  public static void combine(@ReadOnly float[] in, float[] out, int n) {
    int t = globalIdX();
    if (t < n) {
      float a = in[4 * t];
      float b = in[4 * t + 1];
      float c = in[4 * t + 2];
      float d = in[4 * t + 3];
      float e = oscillator(a, b) + oscillator(b, c) + oscillator(c, d) + oscillator(d, a);
      float r = radiation(a) - radiation(b) + radiation(c) - radiation(d);
      out[t] = e * r + radiation(e) * oscillator(r, e);
    }
  }
}
