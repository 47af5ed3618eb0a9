package dev.jptx.bench.suite;

import static dev.jptx.Gpu.FULL_MASK;
import static dev.jptx.Gpu.atomicAdd;
import static dev.jptx.Gpu.blockDimX;
import static dev.jptx.Gpu.blockDimY;
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

import dev.jptx.GpuMath;
import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Java ports of {@code benchmarks/cuda/kernels.cu}, written statement by statement like the CUDA
 * code (thread indices, shared tiles, barriers, shuffles, atomics), to run on {@code Device.jvm()}
 * as a second, independent computation of what {@link BenchReference} computes sequentially from
 * the README. Kernels with a multiply-add chain take a {@code fused} flag: {@code true} writes each
 * {@code a*b + c} that nvcc contracts as {@link Math#fma}.
 */
public final class BenchPorts {
  private static final int TILE = 16;
  private static final int TRANSPOSE_TILE = 32;
  private static final int TRANSPOSE_ROWS = 8;
  private static final int SCAN_THREADS = 256;
  private static final int SCAN_ELEMS = 512;

  private BenchPorts() {}

  private static float madd(float p, float q, float acc, boolean fused) {
    return fused ? Math.fma(p, q, acc) : p * q + acc;
  }

  /** 1. */
  @Kernel
  public static void vecAdd(int n, @ReadOnly int[] a, @ReadOnly int[] b, int[] c) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n) {
      c[i] = a[i] + b[i];
    }
  }

  /** 2. */
  @Kernel
  public static void saxpy(int n, float a, @ReadOnly float[] x, float[] y, boolean fused) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n) {
      y[i] = madd(a, x[i], y[i], fused);
    }
  }

  /** 3. */
  @Kernel
  public static void daxpy(int n, double a, @ReadOnly double[] x, double[] y, boolean fused) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n) {
      y[i] = fused ? Math.fma(a, x[i], y[i]) : a * x[i] + y[i];
    }
  }

  /** 4. */
  @Kernel(maxThreadsPerBlock = 256)
  public static void reduceSum(int n, @ReadOnly float[] in, float[] partial) {
    float[] sdata = sharedFloats(256);
    int tid = threadIdxX();
    int i = blockIdxX() * blockDimX() + threadIdxX();
    sdata[tid] = i < n ? in[i] : 0.0f;
    syncThreads();
    for (int s = 128; s > 0; s >>= 1) {
      if (tid < s) {
        sdata[tid] += sdata[tid + s];
      }
      syncThreads();
    }
    if (tid == 0) {
      partial[blockIdxX()] = sdata[0];
    }
  }

  /** 5. */
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

  /** 6. */
  @Kernel
  public static void sgemmTiled(
      int n, @ReadOnly float[] a, @ReadOnly float[] b, float[] c, boolean fused) {
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
        acc = madd(as[ty * TILE + k], bs[k * TILE + tx], acc, fused);
      }
      syncThreads();
    }
    c[row * n + col] = acc;
  }

  /** 7. */
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

  /** 8. */
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

  /** 9. With {@code fused}, contracted as nvcc does (see {@link BenchReference#mandelbrot}). */
  @Kernel
  public static void mandelbrot(
      int width,
      int height,
      int maxIter,
      float x0,
      float y0,
      float dx,
      float dy,
      int[] iters,
      boolean fused) {
    int px = blockIdxX() * blockDimX() + threadIdxX();
    int py = blockIdxY() * blockDimY() + threadIdxY();
    if (px >= width || py >= height) {
      return;
    }
    float cr = fused ? Math.fma(px, dx, x0) : x0 + px * dx;
    float ci = fused ? Math.fma(py, dy, y0) : y0 + py * dy;
    float zr = 0.0f;
    float zi = 0.0f;
    int it = 0;
    while (it < maxIter && zr * zr + zi * zi <= 4.0f) {
      float t = zr * zr - zi * zi + cr;
      zi = madd(2.0f * zr, zi, ci, fused);
      zr = t;
      ++it;
    }
    iters[py * width + px] = it;
  }

  /** 10. In {@code float} with {@code GpuMath.rsqrt}, as the CUDA code does with rsqrtf. */
  @Kernel
  public static void nbody(
      int n,
      float dt,
      @ReadOnly float[] pos,
      @ReadOnly float[] vel,
      float[] newPos,
      float[] newVel,
      boolean fused) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i >= n) {
      return;
    }
    float xi = pos[4 * i];
    float yi = pos[4 * i + 1];
    float zi = pos[4 * i + 2];
    float ax = 0.0f;
    float ay = 0.0f;
    float az = 0.0f;
    for (int j = 0; j < n; ++j) {
      float dx = pos[4 * j] - xi;
      float dy = pos[4 * j + 1] - yi;
      float dz = pos[4 * j + 2] - zi;
      float d2 = madd(dz, dz, madd(dy, dy, dx * dx, fused), fused) + 0.01f;
      float inv = GpuMath.rsqrt(d2);
      float s = pos[4 * j + 3] * inv * inv * inv;
      ax = madd(dx, s, ax, fused);
      ay = madd(dy, s, ay, fused);
      az = madd(dz, s, az, fused);
    }
    float vx = madd(dt, ax, vel[3 * i], fused);
    float vy = madd(dt, ay, vel[3 * i + 1], fused);
    float vz = madd(dt, az, vel[3 * i + 2], fused);
    newVel[3 * i] = vx;
    newVel[3 * i + 1] = vy;
    newVel[3 * i + 2] = vz;
    newPos[4 * i] = madd(dt, vx, xi, fused);
    newPos[4 * i + 1] = madd(dt, vy, yi, fused);
    newPos[4 * i + 2] = madd(dt, vz, zi, fused);
    newPos[4 * i + 3] = pos[4 * i + 3];
  }

  private static float cndPoly(float d) {
    float k = 1.0f / (1.0f + 0.2316419f * Math.abs(d));
    float cnd =
        0.39894228040143267793994605993438f
            * GpuMath.exp(-0.5f * d * d)
            * (k
                * (0.31938153f
                    + k
                        * (-0.356563782f
                            + k * (1.781477937f + k * (-1.821255978f + k * 1.330274429f)))));
    return d > 0.0f ? 1.0f - cnd : cnd;
  }

  /** 11. In {@code float} with {@code GpuMath} log, exp and sqrt, as the CUDA code does. */
  @Kernel
  public static void blackScholes(
      int n,
      float r,
      float v,
      @ReadOnly float[] sp,
      @ReadOnly float[] xp,
      @ReadOnly float[] tp,
      float[] call,
      float[] put) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i >= n) {
      return;
    }
    float s = sp[i];
    float x = xp[i];
    float t = tp[i];
    float sqrtT = GpuMath.sqrt(t);
    float d1 = (GpuMath.log(s / x) + (r + 0.5f * v * v) * t) / (v * sqrtT);
    float d2 = d1 - v * sqrtT;
    float cndD1 = cndPoly(d1);
    float cndD2 = cndPoly(d2);
    float expRt = GpuMath.exp(-r * t);
    call[i] = s * cndD1 - x * expRt * cndD2;
    put[i] = x * expRt * (1.0f - cndD2) - s * (1.0f - cndD1);
  }

  /** 12. */
  @Kernel
  public static void jacobi2d(int w, int h, @ReadOnly float[] in, float[] out) {
    int x = blockIdxX() * blockDimX() + threadIdxX();
    int y = blockIdxY() * blockDimY() + threadIdxY();
    if (x >= 1 && x < w - 1 && y >= 1 && y < h - 1) {
      int idx = y * w + x;
      out[idx] = 0.25f * (in[idx - 1] + in[idx + 1] + in[idx - w] + in[idx + w]);
    }
  }

  /** 13. Blelloch up-sweep and down-sweep over 512 shared ints. */
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

  /** 14. */
  @Kernel
  public static void spmvCsr(
      int rows,
      @ReadOnly int[] rowPtr,
      @ReadOnly int[] colIdx,
      @ReadOnly float[] vals,
      @ReadOnly float[] x,
      float[] y,
      boolean fused) {
    int r = blockIdxX() * blockDimX() + threadIdxX();
    if (r < rows) {
      float sum = 0.0f;
      int end = rowPtr[r + 1];
      for (int k = rowPtr[r]; k < end; ++k) {
        sum = madd(vals[k], x[colIdx[k]], sum, fused);
      }
      y[r] = sum;
    }
  }

  /** 15. */
  @Kernel
  public static void dotLoop(
      int n, int m, @ReadOnly float[] a, @ReadOnly float[] b, float[] out, boolean fused) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n) {
      float sum = 0.0f;
      for (int k = 0; k < m; ++k) {
        sum = madd(a[i * m + k], b[k], sum, fused);
      }
      out[i] = sum;
    }
  }

  /** 16. */
  @Kernel
  public static void haxpy2(int n2, int a2, @ReadOnly int[] x, int[] y) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n2) {
      y[i] = hfma2(a2, x[i], y[i]);
    }
  }

  /** 17. */
  @Kernel
  public static void conv1d(
      int n, @ReadOnly float[] in, @ReadOnly float[] w, float[] out, boolean fused) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i >= n) {
      return;
    }
    float sum = 0.0f;
    for (int t = 0; t < 9; ++t) {
      int j = i + t - 4;
      if (j >= 0 && j < n) {
        sum = madd(w[t], in[j], sum, fused);
      }
    }
    out[i] = sum;
  }

  /** 18. */
  @Kernel
  public static void bitonicStep(int n, int j, int k, int[] data) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    int ixj = i ^ j;
    if (i < n && ixj > i) {
      int a = data[i];
      int b = data[ixj];
      if ((i & k) == 0) {
        if (a > b) {
          data[i] = b;
          data[ixj] = a;
        }
      } else if (a < b) {
        data[i] = b;
        data[ixj] = a;
      }
    }
  }

  /** 19. */
  @Kernel
  public static void hash64(int n, @ReadOnly long[] in, long[] out) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n) {
      long z = in[i];
      z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
      z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
      out[i] = z ^ (z >>> 31);
    }
  }

  private static float horner12(float x, boolean fused) {
    float p = 2.09e-9f;
    p = madd(p, x, -2.51e-8f, fused);
    p = madd(p, x, 2.75e-7f, fused);
    p = madd(p, x, -2.76e-6f, fused);
    p = madd(p, x, 2.48e-5f, fused);
    p = madd(p, x, -1.98e-4f, fused);
    p = madd(p, x, 1.39e-3f, fused);
    p = madd(p, x, -8.33e-3f, fused);
    p = madd(p, x, 4.17e-2f, fused);
    p = madd(p, x, -0.1667f, fused);
    p = madd(p, x, 0.5f, fused);
    p = madd(p, x, -0.9999f, fused);
    return madd(p, x, 1.0001f, fused);
  }

  /** 20. */
  @Kernel
  public static void polyA(int n, @ReadOnly float[] x, float[] y, boolean fused) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n) {
      y[i] = horner12(x[i], fused);
    }
  }

  /** 20. */
  @Kernel
  public static void polyB(int n, @ReadOnly float[] x, float[] y, boolean fused) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n) {
      float xi = x[i];
      y[i] = horner12(xi, fused) * xi;
    }
  }

  /** 20. */
  @Kernel
  public static void polyC(int n, @ReadOnly float[] x, float[] y, boolean fused) {
    int i = blockIdxX() * blockDimX() + threadIdxX();
    if (i < n) {
      float xi = x[i];
      y[i] = horner12(xi, fused) + xi;
    }
  }
}
