package dev.it;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** Two kernels in one class, one with its own PTX entry name. */
public final class Vector {
  private Vector() {}

  /** {@code c = a + b}, entry {@code vadd}. */
  @Kernel(name = "vadd")
  public static void add(int n, @ReadOnly int[] a, @ReadOnly int[] b, int[] c) {
    int i = globalIdX();
    if (i < n) {
      c[i] = a[i] + b[i];
    }
  }

  /** {@code v = s * v}. */
  @Kernel(maxThreadsPerBlock = 128)
  public static void scale(int n, double s, double[] v) {
    int i = globalIdX();
    if (i < n) {
      v[i] = s * v[i];
    }
  }
}
