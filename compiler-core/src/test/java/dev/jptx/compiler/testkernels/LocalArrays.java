package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Per-thread arrays: constant indices (promoted to registers at -O1 and above) and a variable one.
 */
public final class LocalArrays {
  private LocalArrays() {}

  /** A {@code float[4]} accumulator over a loop whose body indexes it with constants. */
  @Kernel
  public static void accumulate4(int n, int m, @ReadOnly float[] a, float[] out) {
    int i = globalIdX();
    if (i >= n) {
      return;
    }
    float[] acc = new float[4];
    for (int k = 0; k < m; k++) {
      float x = a[i * m + k];
      acc[0] += x;
      acc[1] += x * x;
      acc[2] = Math.max(acc[2], x);
      acc[3] -= x;
    }
    out[i] = acc[0] + 2 * acc[1] + 3 * acc[2] + 5 * acc[3];
  }

  /** An {@code int[8]} table written in straight-line code, then read. */
  @Kernel
  public static void table8(int[] data) {
    int i = globalIdX();
    if (i >= data.length) {
      return;
    }
    int v = data[i];
    int[] t = new int[8];
    t[0] = v;
    t[1] = v * 3;
    t[2] = v ^ 0x5a5a;
    t[3] = t[1] + t[2];
    t[5] = v >>> 3;
    t[6] = -v;
    t[7] = t[0] | t[6];
    data[i] = t[0] + t[1] * 7 + t[2] - t[3] + (t[4] << 2) + t[5] + t[6] * 11 + t[7];
  }

  /** Elements written in branches: each meets the other side's value at the join. */
  @Kernel
  public static void branches(int[] data, long[] out) {
    int i = globalIdX();
    if (i >= data.length) {
      return;
    }
    int v = data[i];
    long[] t = new long[3];
    if ((v & 1) == 0) {
      t[0] = v * 5L;
    } else if (v > 100) {
      t[1] = v;
      t[2] = 17;
    } else {
      t[2] = -v;
    }
    if (v < 0) {
      t[0] += t[2];
    }
    out[i] = t[0] * 31 + t[1] * 7 + t[2];
  }

  /** A loop writing an element (the header's phi), with a break and a conditional write. */
  @Kernel
  public static void loop(int[] data, int limit) {
    int i = globalIdX();
    if (i >= data.length) {
      return;
    }
    int[] s = new int[2];
    int v = data[i];
    for (int k = 0; k < limit; k++) {
      s[0] += v + k;
      if ((s[0] & 7) == 3) {
        s[1] = k;
      }
      if (s[0] > 100000) {
        break;
      }
    }
    data[i] = s[0] * 13 + s[1];
  }

  /** A variable index: the array stays in local memory. */
  @Kernel
  public static void variableIndex(int[] data) {
    int i = globalIdX();
    if (i >= data.length) {
      return;
    }
    int[] t = new int[8];
    int v = data[i];
    for (int k = 0; k < 8; k++) {
      t[k] = v * k;
    }
    t[v & 7] += 100;
    data[i] = t[(v >>> 3) & 7] + t[1];
  }
}
