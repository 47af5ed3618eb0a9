package dev.it.app;

import static dev.jptx.Gpu.globalIdX;

import dev.it.lib.Poly;
import dev.jptx.Kernel;

/** Applies lib's polynomial to every element. */
public final class Apply {
  private Apply() {}

  /** {@code y[i] = 3 y[i] + 1}. */
  @Kernel
  public static void apply(int n, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = Poly.threeXPlusOne(y[i]);
    }
  }
}
