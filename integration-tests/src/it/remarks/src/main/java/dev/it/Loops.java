package dev.it;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** Two loops for the pipeliner's remarks: one it pipelines, one it skips. */
public final class Loops {
  private Loops() {}

  /** A dot product per thread: one block, a run-time trip count, pipelined. */
  @Kernel
  public static void dot(int n, @ReadOnly float[] a, @ReadOnly float[] b, float[] out) {
    int t = globalIdX();
    float s = 0.0f;
    for (int i = 0; i < n; i++) {
      s += a[i] * b[i]; // pipelined
    }
    out[t] = s;
  }

  /** A sum that stops at the first negative element: the break gives the body a second block. */
  @Kernel
  public static void sumUntilNegative(int n, @ReadOnly float[] a, float[] out) {
    int t = globalIdX();
    float s = 0.0f;
    for (int i = 0; i < n; i++) { // skipped
      if (a[i] < 0.0f) {
        break;
      }
      s += a[i];
    }
    out[t] = s;
  }
}
