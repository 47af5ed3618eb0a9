package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Loops for runtime and partial unrolling: every form of counted loop the remainder loop handles
 * (up with {@code <}, {@code <=}, unsigned {@code <} and {@code !=}; down with {@code >} and {@code
 * >=}; {@code int} and {@code long} variables), bodies of several blocks, values used after the
 * loop, bounds at the ends of the range, and loops it must leave alone (a larger step, a second
 * exit). Each thread reads its own bounds, so the tests give every remainder length.
 */
public final class RuntimeUnrolled {
  private RuntimeUnrolled() {}

  /**
   * Up to {@code hi} from {@code lo} with {@code <}, a branch in the body and the variable used
   * after the loop; a float sum in Java's order.
   */
  @Kernel
  public static void upStrict(
      int n, @ReadOnly int[] lo, @ReadOnly int[] hi, @ReadOnly float[] a, float[] out) {
    int i = globalIdX();
    if (i < n) {
      float s = 0.5f;
      int k;
      for (k = lo[i]; k < hi[i]; k++) {
        float v = a[(k & 0x7fffffff) % a.length];
        if ((k & 3) == 1) {
          s = s * 0.75f + v;
        } else {
          s += v * v;
        }
      }
      out[i] = s + k;
    }
  }

  /** Up with {@code <=}, with {@code !=}, and with an unsigned {@code <}. */
  @Kernel
  public static void upOtherTests(
      int n, @ReadOnly int[] lo, @ReadOnly int[] hi, @ReadOnly int[] a, long[] out) {
    int i = globalIdX();
    if (i < n) {
      long h = 1;
      for (int k = lo[i]; k <= hi[i]; k++) {
        h = h * 31 + a[(k & 0x7fffffff) % a.length];
      }
      if (hi[i] - lo[i] >= 0) {
        for (int k = lo[i]; k != hi[i]; k++) {
          h = h * 37 + (k ^ 5);
        }
      }
      int top = hi[i];
      for (int k = lo[i]; Integer.compareUnsigned(k, top) < 0; k++) {
        h += k;
      }
      out[i] = h;
    }
  }

  /** Down with {@code >} and {@code >=}, the second on a {@code long} variable. */
  @Kernel
  public static void down(int n, @ReadOnly int[] lo, @ReadOnly int[] hi, long[] out) {
    int i = globalIdX();
    if (i < n) {
      long h = 3;
      for (int k = hi[i]; k > lo[i]; k--) {
        h = h * 5 + k;
      }
      for (long k = hi[i]; k >= lo[i]; k--) {
        h = h * 7 - k;
      }
      out[i] = h;
    }
  }

  /** Left alone: a step of 3 towards a run-time bound, and a loop with a break. */
  @Kernel
  public static void leftAlone(
      int n, @ReadOnly int[] lo, @ReadOnly int[] hi, @ReadOnly int[] a, int[] out) {
    int i = globalIdX();
    if (i < n) {
      int h = 0;
      // halves, so that k + 3 cannot wrap past the bound (Java would loop on for 2^32 / 3 trips)
      for (int k = lo[i] / 2; k < hi[i] / 2; k += 3) {
        h = h * 3 + k;
      }
      for (int k = lo[i]; k < hi[i]; k++) {
        int v = a[(k & 0x7fffffff) % a.length];
        if (v == 7) {
          break;
        }
        h ^= v;
      }
      out[i] = h;
    }
  }

  /**
   * A constant trip count of 60 with a body too large to unroll fully (partial unrolling by a
   * divisor), and a constant loop holding a barrier, in blocks of 64 threads.
   */
  @Kernel
  public static void constantTrips(@ReadOnly float[] a, float[] out) {
    int[] tile = sharedInts(64);
    int i = globalIdX();
    int t = threadIdxX();
    float s = 0.0f;
    for (int k = 0; k < 60; k++) {
      float v = a[(i + k) % a.length];
      float w = a[(i * 3 + k) % a.length];
      s = s * 0.5f + (v > w ? v - w : w * 0.25f) + k;
    }
    int x = i;
    for (int r = 0; r < 40; r++) {
      tile[t] = x;
      syncThreads();
      x = x * 7 + tile[(t + r) & 63] + (int) (a[(x & 0x7fffffff) % a.length] * 8);
      x ^= x >>> 9;
      x += tile[(t * 5 + r) & 63] * 3;
      x -= r * x;
      syncThreads();
    }
    out[i] = s + x;
  }
}
