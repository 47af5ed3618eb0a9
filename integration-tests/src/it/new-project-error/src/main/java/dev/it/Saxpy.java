package dev.it;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** A user's first kernel. */
public final class Saxpy {
  private Saxpy() {}

  /** {@code y = a * x + y}. */
  @Kernel
  public static void saxpy(int n, float a, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i >= n) {
      throw new IllegalArgumentException();
    }
    y[i] = a * x[i] + y[i];
  }
}
