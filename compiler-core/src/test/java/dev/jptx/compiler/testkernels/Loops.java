package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.globalSizeX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** Loops and joins: the SSA construction's phis. */
public final class Loops {
  private Loops() {}

  @Kernel
  public static void dotLoop(int n, int m, @ReadOnly float[] a, @ReadOnly float[] b, float[] out) {
    int i = globalIdX();
    if (i < n) {
      float sum = 0.0f;
      for (int k = 0; k < m; k++) {
        sum += a[i * m + k] * b[k];
      }
      out[i] = sum;
    }
  }

  @Kernel
  public static void gridStride(int n, long[] data) {
    for (int i = globalIdX(); i < n; i += globalSizeX()) {
      long z = data[i];
      z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
      data[i] = z ^ (z >>> 31);
    }
  }

  @Kernel
  public static void breakContinue(int[] data, int limit) {
    int i = globalIdX();
    if (i >= data.length) {
      return;
    }
    int count = 0;
    int v = data[i];
    while (true) {
      if (v == 1 || count >= limit) {
        break;
      }
      count++;
      if ((v & 1) == 0) {
        v = v / 2;
        continue;
      }
      v = 3 * v + 1;
    }
    data[i] = count;
  }

  @Kernel
  public static void ternaries(int[] out, long a, long b, double x, double y) {
    int i = globalIdX();
    if (i < out.length) {
      int c = a < b ? 1 : (a == b ? 0 : -1);
      out[i] = c + (x < y ? 10 : 20) + (x != y ? 100 : 200);
    }
  }
}
