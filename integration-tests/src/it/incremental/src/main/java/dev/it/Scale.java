package dev.it;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** A second kernel class. */
public final class Scale {
  private Scale() {}

  /** {@code y = 2 * y}. */
  @Kernel
  public static void scale(int n, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = 2f * y[i];
    }
  }
}
