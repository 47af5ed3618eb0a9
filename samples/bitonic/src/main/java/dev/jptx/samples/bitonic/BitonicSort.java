package dev.jptx.samples.bitonic;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/**
 * Bitonic sort, the sorting network that suits a GPU: every step compares and swaps {@code n / 2}
 * independent pairs, one thread each, and the host launches the {@code log2(n) (log2(n) + 1) / 2}
 * steps in order.
 */
public final class BitonicSort {
  private BitonicSort() {}

  /**
   * One compare-exchange step: element {@code i} and its partner {@code i ^ j} (when the partner is
   * above it) are put in ascending order if {@code (i & k) == 0}, descending otherwise, which makes
   * sorted runs of length {@code 2 j} inside bitonic runs of length {@code k}. For {@code n} a
   * power of two the sort is {@code for (k = 2; k <= n; k *= 2) for (j = k / 2; j > 0; j /= 2)} one
   * launch of {@code n} threads. Launch: 1D over {@code n}.
   */
  @Kernel
  public static void step(int n, int j, int k, int[] data) {
    int i = globalIdX();
    int partner = i ^ j;
    if (i < n && partner > i) {
      int a = data[i];
      int b = data[partner];
      boolean ascending = (i & k) == 0;
      if (ascending ? a > b : a < b) {
        data[i] = b;
        data[partner] = a;
      }
    }
  }
}
