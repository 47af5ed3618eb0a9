package dev.jptx.samples.reduction;

import static dev.jptx.Gpu.blockIdxX;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.sharedFloats;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** A sum reduction: each block adds its elements as a tree in shared memory. */
public final class BlockSums {
  /** Threads per block, and the elements each block sums. */
  public static final int BLOCK = 256;

  private BlockSums() {}

  /**
   * {@code sums[b]} = the sum of {@code in[256 b + t]} for {@code t < 256} (0 past {@code n}),
   * added pairwise: {@code v[t] += v[t + s]} for {@code s = 128, 64, ..., 1}, a barrier between
   * rounds. Launch: 1D, block 256, grid {@code ceil(n / 256)}.
   */
  @Kernel(maxThreadsPerBlock = BLOCK)
  public static void blockSums(int n, @ReadOnly float[] in, float[] sums) {
    float[] partial = sharedFloats(BLOCK); // one array per block, like CUDA's __shared__
    int t = threadIdxX();
    int i = globalIdX();
    partial[t] = i < n ? in[i] : 0.0f;
    syncThreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
      if (t < s) {
        partial[t] += partial[t + s];
      }
      syncThreads(); // every thread must see this round's sums before the next round reads them
    }
    if (t == 0) {
      sums[blockIdxX()] = partial[0];
    }
  }
}
