package dev.jptx.samples.saxpy;

import static dev.jptx.Gpu.*;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** API.md §1's kernel, exactly as a user writes it. */
public final class Saxpy {
  private Saxpy() {}

  /** {@code y[i] = a * x[i] + y[i]} for {@code i < n}, one GPU thread per element. */
  @Kernel(maxThreadsPerBlock = 256, minBlocksPerMultiprocessor = 2)
  public static void saxpy(int n, float a, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) y[i] = a * x[i] + y[i];
  }
}
