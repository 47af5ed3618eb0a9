package dev.it;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** A helper inlined six times: the outliner makes one function of its copies. */
public final class Chain {
  private Chain() {}

  static float poly(float x, float c) {
    float y = x * 0.5f + c;
    y = y * x - 0.25f;
    y = y * x + 0.125f;
    y = y * x - 1.5f;
    y = y * x + 2.25f;
    y = y * x - 0.75f;
    y = y * x + 0.0625f;
    y = y * x - 0.375f;
    y = y * x + 1.25f;
    y = y * x - 0.125f;
    y = y * x + 0.5f;
    y = y * x - 2.5f;
    y = y * x + 0.875f;
    y = y * x - 0.0625f;
    y = y * x + c;
    return y > 4f ? y - 4f : y * 0.5f;
  }

  /** Six copies of the helper in a chain. */
  @Kernel
  public static void chain(int n, @ReadOnly float[] x, float[] out) {
    int i = globalIdX();
    if (i < n) {
      float c = x[i];
      out[i] = poly(poly(poly(poly(poly(poly(c, 0.5f), c), 1.5f), c), -0.5f), c); // outlined
    }
  }
}
