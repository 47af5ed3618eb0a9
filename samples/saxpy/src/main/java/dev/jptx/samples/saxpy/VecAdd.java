package dev.jptx.samples.saxpy;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** Kernel 1 of the benchmark suite ({@code benchmarks/cuda/README.md}): integer addition. */
public final class VecAdd {
  private VecAdd() {}

  /**
   * {@code c[i] = a[i] + b[i]}, wrapping on overflow as Java and CUDA both do, for {@code i < n}.
   */
  @Kernel
  public static void vecAdd(int n, @ReadOnly int[] a, @ReadOnly int[] b, int[] c) {
    int i = globalIdX();
    if (i < n) {
      c[i] = a[i] + b[i];
    }
  }
}
