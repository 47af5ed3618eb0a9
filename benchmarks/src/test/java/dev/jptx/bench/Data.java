package dev.jptx.bench;

import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Deterministic inputs and launch shapes. Output arrays are {@link #PAD} elements longer than a
 * kernel writes and prefilled with sentinels, so that a write past the end, or to an element the
 * kernel must leave alone, shows up as a mismatch against the reference.
 */
final class Data {
  /** Extra output elements past what a kernel writes. */
  static final int PAD = 3;

  /** The prior value of the float outputs. */
  static final float SENTINEL = -1234.5f;

  /** The prior value of the int and long outputs. */
  static final int INT_SENTINEL = 0x5eed_f00d;

  private Data() {}

  static SplittableRandom random(long seed) {
    return new SplittableRandom(0x6a09_e667_f3bc_c909L + seed);
  }

  /**
   * A 1D launch of {@code n} threads in blocks of {@code block}, plus {@code spare} blocks whose
   * threads are all past {@code n}; at least one block.
   */
  static Launch oneD(int n, int block, int spare) {
    return Launch.of(Dim3.of(Math.max(1, (n + block - 1) / block) + spare), Dim3.of(block));
  }

  /** A 2D launch covering {@code width x height} with blocks of {@code bx x by}; at least one. */
  static Launch twoD(int width, int height, int bx, int by) {
    int gx = Math.max(1, (width + bx - 1) / bx);
    int gy = Math.max(1, (height + by - 1) / by);
    return Launch.of(Dim3.of(gx, gy), Dim3.of(bx, by));
  }

  static float uniform(SplittableRandom r, float lo, float hi) {
    return (float) r.nextDouble(lo, hi);
  }

  static float[] floats(SplittableRandom r, int n, float lo, float hi) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = uniform(r, lo, hi);
    }
    return a;
  }

  static int[] ints(SplittableRandom r, int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextInt();
    }
    return a;
  }

  /** {@code a} followed by {@link #PAD} sentinels. */
  static float[] padded(float[] a) {
    float[] p = Arrays.copyOf(a, a.length + PAD);
    Arrays.fill(p, a.length, p.length, SENTINEL);
    return p;
  }

  /** {@code n + PAD} sentinels. */
  static float[] floatOutput(int n) {
    float[] a = new float[n + PAD];
    Arrays.fill(a, SENTINEL);
    return a;
  }

  /** {@code n + PAD} sentinels. */
  static int[] intOutput(int n) {
    int[] a = new int[n + PAD];
    Arrays.fill(a, INT_SENTINEL);
    return a;
  }

  /** {@code n + PAD} sentinels. */
  static long[] longOutput(int n) {
    long[] a = new long[n + PAD];
    Arrays.fill(a, INT_SENTINEL);
    return a;
  }

  /**
   * Writes special floats into the first elements of {@code a} (as many as fit): signed zeros,
   * infinities, a NaN, the extremes and a subnormal, so that arithmetic kernels meet them.
   */
  static float[] withSpecials(float[] a) {
    float[] specials = {
      0.0f,
      -0.0f,
      Float.POSITIVE_INFINITY,
      Float.NEGATIVE_INFINITY,
      Float.NaN,
      Float.MAX_VALUE,
      -Float.MIN_NORMAL,
      Float.MIN_VALUE,
      1e30f,
      -3e-39f
    };
    System.arraycopy(specials, 0, a, 0, Math.min(a.length, specials.length));
    return a;
  }
}
