package dev.jptx.bench;

import static dev.jptx.Gpu.FULL_MASK;
import static dev.jptx.Gpu.atomicAdd;
import static dev.jptx.Gpu.blockDimX;
import static dev.jptx.Gpu.blockIdxX;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.globalSizeX;
import static dev.jptx.Gpu.sharedFloats;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.shflDownSync;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Threads that combine their values: block trees in shared memory, warp shuffles and atomics.
 * Kernels 4, 5, 8 and 13 of the bench README.
 */
public final class Reductions {
  /** reduceSum's required {@code blockDim.x}, and the elements each block sums. */
  public static final int REDUCE_BLOCK = 256;

  /** histogram256's bins. */
  public static final int HIST_BINS = 256;

  /** scanBlock's required {@code blockDim.x}. */
  public static final int SCAN_THREADS = 256;

  /** scanBlock's segment: the elements one block scans, two per thread. */
  public static final int SCAN_ELEMS = 2 * SCAN_THREADS;

  private Reductions() {}

  /**
   * 4. {@code partial[b]} = the sum of block {@code b}'s 256 elements {@code in[256 b + t]} (0 past
   * {@code n}), added as a tree in shared memory: {@code v[t] += v[t + s]} for {@code s = 128, 64,
   * ..., 1}. A block entirely past {@code n} writes 0. Launch: 1D, block 256 (required), grid at
   * least {@code ceil(n / 256)}.
   */
  @Kernel
  public static void reduceSum(int n, @ReadOnly float[] in, float[] partial) {
    float[] sdata = sharedFloats(REDUCE_BLOCK);
    int tid = threadIdxX();
    int i = globalIdX();
    sdata[tid] = i < n ? in[i] : 0.0f;
    syncThreads();
    for (int s = REDUCE_BLOCK / 2; s > 0; s >>= 1) {
      if (tid < s) {
        sdata[tid] += sdata[tid + s];
      }
      syncThreads();
    }
    if (tid == 0) {
      partial[blockIdxX()] = sdata[0];
    }
  }

  /**
   * 5. {@code out[0] += sum of in[0..n-1]}: grid-stride per-thread sums, a shuffle tree in each
   * warp, then lane 0 of each warp adds its warp's sum atomically, so the order of the additions
   * varies. Launch: 1D, {@code blockDim.x} a multiple of 32 (the shuffles use the full mask).
   */
  @Kernel
  public static void warpReduceSum(int n, @ReadOnly float[] in, float[] out) {
    float sum = 0.0f;
    for (int i = globalIdX(); i < n; i += globalSizeX()) {
      sum += in[i];
    }
    for (int offset = 16; offset > 0; offset >>= 1) {
      sum += shflDownSync(FULL_MASK, sum, offset);
    }
    if ((threadIdxX() & 31) == 0) {
      atomicAdd(out, 0, sum);
    }
  }

  /**
   * 8. {@code bins[v] += #{i < n : (data[i] & 0xff) == v}}: each block counts into a shared
   * histogram with shared atomics, then adds it to {@code bins} with global atomics. Launch: 1D,
   * any shape (grid-stride loop); {@code bins} holds 256 counters.
   */
  @Kernel
  public static void histogram256(int n, @ReadOnly byte[] data, int[] bins) {
    int[] local = sharedInts(HIST_BINS);
    for (int b = threadIdxX(); b < HIST_BINS; b += blockDimX()) {
      local[b] = 0;
    }
    syncThreads();
    for (int i = globalIdX(); i < n; i += globalSizeX()) {
      atomicAdd(local, data[i] & 0xff, 1);
    }
    syncThreads();
    for (int b = threadIdxX(); b < HIST_BINS; b += blockDimX()) {
      atomicAdd(bins, b, local[b]);
    }
  }

  /**
   * 13. Exclusive prefix sums of 512-element segments, restarting at each: {@code out[512 b + j] =
   * sum of in[512 b + k]} for {@code k < j} (wrapping), for every {@code 512 b + j < n}; elements
   * past {@code n} count as 0 and are not written. A Blelloch up-sweep and down-sweep in shared
   * memory. Launch: grid {@code ceil(n / 512)}, block 256 (required).
   */
  @Kernel
  public static void scanBlock(int n, @ReadOnly int[] in, int[] out) {
    int[] temp = sharedInts(SCAN_ELEMS);
    int tid = threadIdxX();
    int base = blockIdxX() * SCAN_ELEMS;
    temp[tid] = base + tid < n ? in[base + tid] : 0;
    temp[tid + SCAN_THREADS] = base + tid + SCAN_THREADS < n ? in[base + tid + SCAN_THREADS] : 0;

    int offset = 1;
    for (int d = SCAN_ELEMS >> 1; d > 0; d >>= 1) { // up-sweep (reduce)
      syncThreads();
      if (tid < d) {
        int ai = offset * (2 * tid + 1) - 1;
        int bi = offset * (2 * tid + 2) - 1;
        temp[bi] += temp[ai];
      }
      offset <<= 1;
    }
    if (tid == 0) {
      temp[SCAN_ELEMS - 1] = 0;
    }
    for (int d = 1; d < SCAN_ELEMS; d <<= 1) { // down-sweep
      offset >>= 1;
      syncThreads();
      if (tid < d) {
        int ai = offset * (2 * tid + 1) - 1;
        int bi = offset * (2 * tid + 2) - 1;
        int t = temp[ai];
        temp[ai] = temp[bi];
        temp[bi] += t;
      }
    }
    syncThreads();
    if (base + tid < n) {
      out[base + tid] = temp[tid];
    }
    if (base + tid + SCAN_THREADS < n) {
      out[base + tid + SCAN_THREADS] = temp[tid + SCAN_THREADS];
    }
  }
}
