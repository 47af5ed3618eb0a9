package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** Accesses at an index plus constants, guarded and unguarded: one address, several offsets. */
public final class Neighbours {
  private Neighbours() {}

  /** A 5-point stencil with zero padding, in float, and the same on longs with a wider reach. */
  @Kernel
  public static void stencil(int n, float[] a, long[] b, float[] out, long[] outL) {
    int i = globalIdX();
    if (i >= n) {
      return;
    }
    float s = 0f;
    for (int d = -2; d <= 2; d++) {
      int j = i + d;
      if (j >= 0 && j < n) {
        s += a[j] * (d + 3);
      }
    }
    out[i] = s;
    long t = b[i];
    if (i >= 7 && i + 5 < n) {
      t += b[i - 7] - b[i + 5] + b[i - 1];
    }
    outL[i] = t;
  }
}
