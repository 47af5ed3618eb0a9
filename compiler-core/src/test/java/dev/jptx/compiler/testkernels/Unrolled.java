package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** Loops with constant trip counts, which -O2 and above unroll fully. */
public final class Unrolled {
  private Unrolled() {}

  /** A 9-tap convolution: the tap loop has a constant count; float sums keep their order. */
  @Kernel
  public static void conv9(int n, @ReadOnly float[] in, @ReadOnly float[] w, float[] out) {
    int i = globalIdX();
    if (i < n) {
      float sum = 0.0f;
      for (int k = 0; k < 9; k++) {
        sum += in[i + k] * w[k];
      }
      out[i] = sum;
    }
  }

  /** Fills a local array of 8 and sums it: two constant loops over a local array. */
  @Kernel
  public static void localSum8(int n, @ReadOnly int[] in, int[] out) {
    int i = globalIdX();
    if (i < n) {
      int[] a = new int[8];
      for (int k = 0; k < 8; k++) {
        a[k] = in[i * 8 + k] * (k + 1);
      }
      int s = 0;
      for (int k = 0; k < a.length; k++) {
        s += a[k] ^ k;
      }
      out[i] = s;
    }
  }

  /**
   * Counting down, {@code <=} bounds, a long induction variable, a signed overflow that ends the
   * loop, and the induction variable used after its loop.
   */
  @Kernel
  public static void shapes(int n, @ReadOnly int[] in, long[] out) {
    int i = globalIdX();
    if (i < n) {
      int x = in[i];
      long acc = x;
      for (int k = 10; k > 0; k--) {
        acc = acc * 31 + k + x;
      }
      for (int k = 0; k <= 6; k += 2) {
        acc ^= (long) k << (x & 15);
      }
      for (long k = 3; k <= 7; k++) {
        acc += k * x;
      }
      // MAX - 3 .. MAX, then k + 1 wraps to MIN and the test fails: 4 iterations
      for (int k = Integer.MAX_VALUE - 3; k > 0; k++) {
        acc = acc * 7 + (k & 0xff);
      }
      int k;
      for (k = 0; k < 5; k++) {
        acc += x >> k;
      }
      out[i] = acc + k;
    }
  }

  /** A 3x3 stencil: two nested constant loops (the inner one unrolls). */
  @Kernel
  public static void stencil3x3(int w, int h, @ReadOnly float[] in, float[] out) {
    int i = globalIdX();
    if (i < w * h) {
      int x = i % w;
      int y = i / w;
      float s = 0.0f;
      for (int dy = -1; dy <= 1; dy++) {
        for (int dx = -1; dx <= 1; dx++) {
          int xx = Math.min(Math.max(x + dx, 0), w - 1);
          int yy = Math.min(Math.max(y + dy, 0), h - 1);
          s += in[yy * w + xx] * (dx + 2 * dy);
        }
      }
      out[i] = s;
    }
  }
}
