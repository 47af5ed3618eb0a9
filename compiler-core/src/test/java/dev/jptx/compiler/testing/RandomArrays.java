package dev.jptx.compiler.testing;

import java.util.SplittableRandom;

/**
 * Random input arrays for differential tests, drawn from a generator the test may share with its
 * own draws (so that one seed fixes every input).
 */
public final class RandomArrays {
  private final SplittableRandom random;

  /** Arrays drawn from {@code random}, which the caller may go on drawing from too. */
  public RandomArrays(SplittableRandom random) {
    this.random = random;
  }

  /** Arrays drawn from a generator of their own. */
  public RandomArrays(long seed) {
    this(new SplittableRandom(seed));
  }

  /** {@code n} ints over the whole range. */
  public int[] ints(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = random.nextInt();
    }
    return a;
  }

  /** {@code n} longs over the whole range. */
  public long[] longs(int n) {
    long[] a = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] = random.nextLong();
    }
    return a;
  }

  /** {@code n} floats drawn uniformly from [{@code lo}, {@code hi}) in double, then rounded. */
  public float[] floats(int n, double lo, double hi) {
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = (float) (random.nextDouble() * (hi - lo) + lo);
    }
    return a;
  }

  /** {@code n} doubles drawn uniformly from [{@code lo}, {@code hi}). */
  public double[] doubles(int n, double lo, double hi) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = random.nextDouble() * (hi - lo) + lo;
    }
    return a;
  }
}
