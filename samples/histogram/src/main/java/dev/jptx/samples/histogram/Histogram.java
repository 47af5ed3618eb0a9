package dev.jptx.samples.histogram;

import static dev.jptx.Gpu.atomicAdd;
import static dev.jptx.Gpu.blockDimX;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.globalSizeX;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** A 256-bin histogram of bytes, counted per block in shared memory. */
public final class Histogram {
  /** One bin per byte value. */
  public static final int BINS = 256;

  private Histogram() {}

  /**
   * {@code bins[v] += } the number of {@code i < n} with {@code (data[i] & 0xff) == v}. Each block
   * counts into its own shared histogram with shared-memory atomics (cheap: only the block's
   * threads contend), then adds it to {@code bins} with one global atomic per bin. Launch: 1D, any
   * shape: the threads stride over the data by the grid's size.
   */
  @Kernel
  public static void histogram(int n, @ReadOnly byte[] data, int[] bins) {
    int[] local = sharedInts(BINS);
    for (int b = threadIdxX(); b < BINS; b += blockDimX()) {
      local[b] = 0;
    }
    syncThreads(); // the shared histogram is cleared
    for (int i = globalIdX(); i < n; i += globalSizeX()) {
      atomicAdd(local, data[i] & 0xff, 1);
    }
    syncThreads(); // every count is in
    for (int b = threadIdxX(); b < BINS; b += blockDimX()) {
      atomicAdd(bins, b, local[b]);
    }
  }
}
