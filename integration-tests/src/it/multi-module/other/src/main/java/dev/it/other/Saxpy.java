package dev.it.other;

import static dev.jptx.Gpu.*;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** API.md §1's kernel. */
public final class Saxpy {
  private Saxpy() {}

  /** {@code y = a * x + y}. */
  @Kernel(maxThreadsPerBlock = 256, minBlocksPerMultiprocessor = 2)
  public static void saxpy(int n, float a, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) y[i] = a * x[i] + y[i];
  }
}
