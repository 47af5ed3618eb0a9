package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/**
 * Code the optimizer makes straight-line: float arithmetic that Java widens to double only to round
 * it back, and the short-circuit conditions and conditional values that become selects.
 */
public final class Branchless {
  private Branchless() {}

  /** Float operations written through double: narrowed, they must keep Java's bits. */
  @Kernel
  public static void widened(int n, float[] a, float[] b, float[] out) {
    int i = globalIdX();
    if (i < n) {
      float x = a[i];
      float y = b[i];
      out[4 * i] = (float) Math.sqrt(x);
      out[4 * i + 1] = (float) ((double) x * y);
      out[4 * i + 2] = (float) ((double) x / y - 0.5);
      out[4 * i + 3] = (float) (x + 0.1);
    }
  }

  /** {@code &&}, {@code ||} and {@code ?:} on floats that may be NaN, and a boolean local. */
  @Kernel
  public static void shortCircuits(int n, float[] a, int[] out) {
    int i = globalIdX();
    if (i < n) {
      float x = a[i];
      boolean inside = x > -10f && x < 10f;
      int r = inside ? 1 : 0;
      if (x != x || x > 50f) {
        r |= 2;
      }
      r |= (x < 0f ? -x : x) > 20f ? 4 : 0;
      out[i] = inside || r > 2 ? r + 8 : r;
    }
  }
}
