package dev.jptx.runtime.jvm;

import static dev.jptx.Gpu.FULL_MASK;
import static dev.jptx.Gpu.atomicAdd;
import static dev.jptx.Gpu.blockDimX;
import static dev.jptx.Gpu.blockIdxX;
import static dev.jptx.Gpu.blockIdxY;
import static dev.jptx.Gpu.gridDimX;
import static dev.jptx.Gpu.hfma2;
import static dev.jptx.Gpu.sharedFloats;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.shflDownSync;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;
import static dev.jptx.Gpu.threadIdxY;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Kernels of the reference benchmark suite ({@code benchmarks/cuda/kernels.cu}) written in Java.
 */
public final class BenchKernels {
  static final int REDUCE_BLOCK = 256;
  static final int SCAN_THREADS = 256;
  static final int SCAN_ELEMS = 512;
  static final int TILE = 16;
  static final int TRANSPOSE_TILE = 32;
  static final int TRANSPOSE_ROWS = 8;

  private BenchKernels() {}

  /** 1. {@code c[i] = a[i] + b[i]}. */
  @Kernel
  public static void vecAdd(int n, @ReadOnly int[] a, @ReadOnly int[] b, int[] c) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n) {
      c[i] = a[i] + b[i];
    }
  }

  /** 2. {@code y[i] = a * x[i] + y[i]}, unfused as Java writes it. */
  @Kernel
  public static void saxpy(int n, float a, @ReadOnly float[] x, float[] y) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n) {
      y[i] = a * x[i] + y[i];
    }
  }

  /** 4. A shared-memory tree sum per block of 256. */
  @Kernel(maxThreadsPerBlock = 256)
  public static void reduceSum(int n, @ReadOnly float[] in, float[] partial) {
    float[] sdata = sharedFloats(REDUCE_BLOCK);
    int tid = threadIdxX();
    int i = blockIdxX() * blockDimX() + threadIdxX();
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

  /** 5. Grid-stride sums, a warp shuffle tree, one atomic per warp. */
  @Kernel
  public static void warpReduceSum(int n, @ReadOnly float[] in, float[] out) {
    float sum = 0.0f;
    for (int i = blockIdxX() * blockDimX() + threadIdxX(); i < n; i += blockDimX() * gridDimX()) {
      sum += in[i];
    }
    for (int offset = 16; offset > 0; offset >>= 1) {
      sum += shflDownSync(FULL_MASK, sum, offset);
    }
    if ((threadIdxX() & 31) == 0) {
      atomicAdd(out, 0, sum);
    }
  }

  /** 6. Tiled matrix product, block (16, 16). */
  @Kernel
  public static void sgemmTiled(int n, @ReadOnly float[] a, @ReadOnly float[] b, float[] c) {
    float[] as = sharedFloats(TILE * TILE);
    float[] bs = sharedFloats(TILE * TILE);
    int tx = threadIdxX();
    int ty = threadIdxY();
    int row = blockIdxY() * TILE + ty;
    int col = blockIdxX() * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < n; t += TILE) {
      as[ty * TILE + tx] = a[row * n + t + tx];
      bs[ty * TILE + tx] = b[(t + ty) * n + col];
      syncThreads();
      for (int k = 0; k < TILE; ++k) {
        acc += as[ty * TILE + k] * bs[k * TILE + tx];
      }
      syncThreads();
    }
    c[row * n + col] = acc;
  }

  /** 7. Transpose through a padded 32x33 tile, block (32, 8). */
  @Kernel
  public static void transpose(int rows, int cols, @ReadOnly float[] in, float[] out) {
    float[] tile = sharedFloats(TRANSPOSE_TILE * (TRANSPOSE_TILE + 1));
    int w = TRANSPOSE_TILE + 1;
    int x = blockIdxX() * TRANSPOSE_TILE + threadIdxX();
    int y = blockIdxY() * TRANSPOSE_TILE + threadIdxY();
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_ROWS) {
      if (x < cols && y + j < rows) {
        tile[(threadIdxY() + j) * w + threadIdxX()] = in[(y + j) * cols + x];
      }
    }
    syncThreads();
    x = blockIdxY() * TRANSPOSE_TILE + threadIdxX();
    y = blockIdxX() * TRANSPOSE_TILE + threadIdxY();
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_ROWS) {
      if (x < rows && y + j < cols) {
        out[(y + j) * rows + x] = tile[threadIdxX() * w + threadIdxY() + j];
      }
    }
  }

  /** 8. Per-block shared histogram with shared atomics, then global atomics. */
  @Kernel
  public static void histogram256(int n, @ReadOnly byte[] data, int[] bins) {
    int[] local = sharedInts(256);
    for (int b = threadIdxX(); b < 256; b += blockDimX()) {
      local[b] = 0;
    }
    syncThreads();
    for (int i = blockIdxX() * blockDimX() + threadIdxX(); i < n; i += blockDimX() * gridDimX()) {
      atomicAdd(local, data[i] & 0xff, 1);
    }
    syncThreads();
    for (int b = threadIdxX(); b < 256; b += blockDimX()) {
      atomicAdd(bins, b, local[b]);
    }
  }

  /** 13. Blelloch exclusive scan of 512-element segments, block 256. */
  @Kernel(maxThreadsPerBlock = 256)
  public static void scanBlock(int n, @ReadOnly int[] in, int[] out) {
    int[] temp = sharedInts(SCAN_ELEMS);
    int tid = threadIdxX();
    int base = blockIdxX() * SCAN_ELEMS;
    temp[tid] = base + tid < n ? in[base + tid] : 0;
    temp[tid + SCAN_THREADS] = base + tid + SCAN_THREADS < n ? in[base + tid + SCAN_THREADS] : 0;
    int offset = 1;
    for (int d = SCAN_ELEMS >> 1; d > 0; d >>= 1) {
      syncThreads();
      if (tid < d) {
        temp[offset * (2 * tid + 2) - 1] += temp[offset * (2 * tid + 1) - 1];
      }
      offset <<= 1;
    }
    if (tid == 0) {
      temp[SCAN_ELEMS - 1] = 0;
    }
    for (int d = 1; d < SCAN_ELEMS; d <<= 1) {
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

  /** 16. Packed-half axpy with one rounding per lane. */
  @Kernel
  public static void haxpy2(int n2, int a2, @ReadOnly int[] x, int[] y) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n2) {
      y[i] = hfma2(a2, x[i], y[i]);
    }
  }
}
