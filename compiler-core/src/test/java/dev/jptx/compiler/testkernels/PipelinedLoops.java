package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Single-block loops whose trip count is the thread's index modulo 9 (0 to 8), so that one launch
 * runs the software pipeliner's short-trip path and every prolog depth: reductions, recurrences,
 * values used after the loop, loads and stores.
 */
public final class PipelinedLoops {
  private PipelinedLoops() {}

  @Kernel
  public static void dot(int n, @ReadOnly float[] a, @ReadOnly float[] b, float[] out) {
    int i = globalIdX();
    if (i < n) {
      int m = i % 9;
      float sum = 0.0f;
      for (int k = 0; k < m; k++) {
        sum += a[i + k] * b[k];
      }
      out[i] = sum;
    }
  }

  @Kernel
  public static void recurrence(int n, @ReadOnly int[] a, int[] out) {
    int i = globalIdX();
    if (i < n) {
      int m = i % 9;
      int x = i;
      int y = 1;
      int k = 0;
      while (k < m) {
        int t = x * 3 + a[i + k];
        x = y ^ t;
        y = t;
        k++;
      }
      out[i] = x + 31 * y + k;
    }
  }

  @Kernel
  public static void scale(int n, @ReadOnly float[] a, float[] out) {
    int i = globalIdX();
    if (i < n) {
      int m = i % 9;
      float y = 1.0f;
      for (int k = 0; k < m; k++) {
        float v = a[i + k];
        out[i * 9 + k] = v * y + 0.25f;
        y = y * 0.5f + v;
      }
      out[i * 9 + 8] = y;
    }
  }

  @Kernel
  public static void longSum(int n, @ReadOnly long[] a, long[] out) {
    int i = globalIdX();
    if (i < n) {
      int m = i % 9;
      long s = 0;
      long last = -1;
      for (int k = 0; k < m; k++) {
        last = a[i + k] * (k + 1);
        s += last;
      }
      out[i] = s ^ last;
    }
  }

  @Kernel
  public static void positives(int n, @ReadOnly float[] a, float[] out) {
    int i = globalIdX();
    if (i < n) {
      int m = i % 9;
      for (int k = 0; k < m; k++) {
        float v = a[i + k];
        if (v > 0.0f) {
          out[i * 9 + k] = v;
        }
      }
    }
  }
}
