package dev.jptx.bench.size;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.GpuMath;
import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * A small per-thread neural network, as inference code generators unroll it: eight inputs, a hidden
 * layer of eight GELU units, four outputs; weights are immediate constants.
 */
public final class Mlp {
  private Mlp() {}

  private static float gelu(float x) {
    float u = 0.7978846f * (x + 0.044715f * x * x * x);
    return 0.5f * x * (1f + GpuMath.tanh(u));
  }

  private static float unit(float[] x, float bias, float scale) {
    float s = bias;
    for (int k = 0; k < 8; k++) {
      s += x[k] * scale * (k + 1) * 0.125f;
    }
    return gelu(s);
  }

  /** Thread {@code t} maps inputs {@code 8t..8t+7} to outputs {@code 4t..4t+3}. */
  @Kernel
  public static void infer(@ReadOnly float[] in, float[] out, int n) {
    int t = globalIdX();
    if (t < n) {
      float[] x = new float[8];
      for (int k = 0; k < 8; k++) {
        x[k] = in[8 * t + k];
      }
      float[] h = new float[8];
      for (int j = 0; j < 8; j++) {
        h[j] = unit(x, 0.01f * j, 0.5f - 0.0625f * j);
      }
      for (int o = 0; o < 4; o++) {
        out[4 * t + o] = gelu(unit(h, -0.02f * o, 0.25f + 0.125f * o));
      }
    }
  }
}
