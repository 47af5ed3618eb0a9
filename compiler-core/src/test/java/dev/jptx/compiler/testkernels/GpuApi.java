package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.FULL_MASK;
import static dev.jptx.Gpu.atomicAdd;
import static dev.jptx.Gpu.atomicInc;
import static dev.jptx.Gpu.blockDimX;
import static dev.jptx.Gpu.dynamicSharedInts;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.globalSizeX;
import static dev.jptx.Gpu.laneId;
import static dev.jptx.Gpu.sharedFloats;
import static dev.jptx.Gpu.shflDownSync;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;

/** Two typical uses of the device API, small enough to read as PTX (the golden file test). */
public final class GpuApi {
  private GpuApi() {}

  /**
   * A block reduction: a shuffle tree per warp, one partial per warp in shared memory, then one
   * atomic per block (a CAS loop on sm_52, which has no {@code atom.add.f64}).
   */
  @Kernel(maxThreadsPerBlock = 256)
  public static void blockSum(float[] in, double[] total, int[] blocks) {
    float[] partial = sharedFloats(8);
    int i = globalIdX();
    float v = i < in.length ? in[i] : 0;
    for (int offset = 16; offset > 0; offset /= 2) {
      v += shflDownSync(FULL_MASK, v, offset);
    }
    if (laneId() == 0) {
      partial[threadIdxX() / 32] = v;
    }
    syncThreads();
    if (threadIdxX() == 0) {
      float s = 0;
      for (int w = 0; w < blockDimX() / 32; w++) {
        s += partial[w];
      }
      atomicAdd(total, 0, s);
      atomicInc(blocks, 0, Integer.MAX_VALUE);
    }
  }

  /** A histogram in dynamic shared memory (one int per bin), merged into global memory. */
  @Kernel
  public static void histogram(int[] data, int[] bins) {
    int[] local = dynamicSharedInts();
    for (int b = threadIdxX(); b < local.length; b += blockDimX()) {
      local[b] = 0;
    }
    syncThreads();
    for (int i = globalIdX(); i < data.length; i += globalSizeX()) {
      atomicAdd(local, (data[i] & 0x7fffffff) % local.length, 1);
    }
    syncThreads();
    for (int b = threadIdxX(); b < local.length; b += blockDimX()) {
      atomicAdd(bins, b, local[b]);
    }
  }
}
