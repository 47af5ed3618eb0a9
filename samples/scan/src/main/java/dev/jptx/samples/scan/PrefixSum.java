package dev.jptx.samples.scan;

import static dev.jptx.Gpu.blockIdxX;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Exclusive prefix sums in two kernels: {@link #scanBlocks} scans each segment of 512 elements on
 * its own and reports the segment's total; the host scans those totals into one carry per segment;
 * {@link #addCarries} adds each segment's carry to its elements.
 */
public final class PrefixSum {
  /** Threads per block of {@link #scanBlocks}. */
  public static final int THREADS = 256;

  /** The elements one block scans, two per thread. */
  public static final int SEGMENT = 2 * THREADS;

  private PrefixSum() {}

  /**
   * {@code out[512 b + j] = in[512 b] + ... + in[512 b + j - 1]} (wrapping) for every {@code 512 b
   * + j < n}, and {@code totals[b]} = the sum of segment {@code b}; elements past {@code n} count
   * as 0. Blelloch's scan in shared memory: an up-sweep builds a tree of partial sums in place, a
   * down-sweep turns it into the exclusive prefix sums. Launch: grid {@code ceil(n / 512)}, block
   * 256.
   */
  @Kernel(maxThreadsPerBlock = THREADS)
  public static void scanBlocks(int n, @ReadOnly int[] in, int[] out, int[] totals) {
    int[] temp = sharedInts(SEGMENT);
    int t = threadIdxX();
    int base = blockIdxX() * SEGMENT;
    temp[t] = base + t < n ? in[base + t] : 0;
    temp[t + THREADS] = base + t + THREADS < n ? in[base + t + THREADS] : 0;

    int offset = 1;
    for (int d = SEGMENT / 2; d > 0; d /= 2) { // up-sweep: temp[last] ends as the total
      syncThreads();
      if (t < d) {
        int left = offset * (2 * t + 1) - 1;
        int right = offset * (2 * t + 2) - 1;
        temp[right] += temp[left];
      }
      offset *= 2;
    }
    if (t == 0) {
      totals[blockIdxX()] = temp[SEGMENT - 1];
      temp[SEGMENT - 1] = 0;
    }
    for (int d = 1; d < SEGMENT; d *= 2) { // down-sweep
      offset /= 2;
      syncThreads();
      if (t < d) {
        int left = offset * (2 * t + 1) - 1;
        int right = offset * (2 * t + 2) - 1;
        int leftSum = temp[left];
        temp[left] = temp[right];
        temp[right] += leftSum;
      }
    }
    syncThreads();
    if (base + t < n) {
      out[base + t] = temp[t];
    }
    if (base + t + THREADS < n) {
      out[base + t + THREADS] = temp[t + THREADS];
    }
  }

  /**
   * {@code out[i] += carries[i / 512]} for {@code i < n}: the sum of every segment before {@code
   * i}'s. Launch: 1D over {@code n}.
   */
  @Kernel
  public static void addCarries(int n, @ReadOnly int[] carries, int[] out) {
    int i = globalIdX();
    if (i < n) {
      out[i] += carries[i / SEGMENT];
    }
  }
}
