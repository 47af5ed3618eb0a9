package dev.jptx.bench;

/**
 * Plain sequential versions of the kernels, written from the specification table of {@code
 * ../shared/bench/README.md} (adapted from the runtime's {@code sim.bench.BenchReference}): one
 * loop over the output elements, in the summation order the README fixes.
 *
 * <p>Every method leaves its arguments alone and returns a new output array: a copy of the prior
 * output with the elements the kernel writes replaced, because "any output element that the table
 * doesn't mention keeps its previous value". Every {@code a*b + c} is rounded twice, as Java
 * arithmetic is: the README's "unfused" reference ({@code nvcc --fmad=false}), which the jptx
 * kernels must match bit for bit.
 */
final class Reference {
  /** polyA/B/C's coefficients c12, c11, ..., c0, in the order Horner's rule applies them. */
  static final float[] POLY_COEFFICIENTS = {
    2.09e-9f, -2.51e-8f, 2.75e-7f, -2.76e-6f, 2.48e-5f, -1.98e-4f, 1.39e-3f, -8.33e-3f, 4.17e-2f,
    -0.1667f, 0.5f, -0.9999f, 1.0001f
  };

  private static final int REDUCE_BLOCK = 256;
  private static final int SCAN_SEGMENT = 512;
  private static final int CONV_TAPS = 9;
  private static final int CONV_RADIUS = 4;

  private Reference() {}

  /** 1. {@code c[i] = a[i] + b[i]}, wrapping, for {@code i < n}. */
  static int[] vecAdd(int n, int[] a, int[] b, int[] c) {
    int[] out = c.clone();
    for (int i = 0; i < n; i++) {
      out[i] = a[i] + b[i];
    }
    return out;
  }

  /** 2. {@code y[i] <- a*x[i] + y[i]}. */
  static float[] saxpy(int n, float a, float[] x, float[] y) {
    float[] out = y.clone();
    for (int i = 0; i < n; i++) {
      out[i] = a * x[i] + y[i];
    }
    return out;
  }

  /** 3. {@code y[i] <- a*x[i] + y[i]} in {@code double}. */
  static double[] daxpy(int n, double a, double[] x, double[] y) {
    double[] out = y.clone();
    for (int i = 0; i < n; i++) {
      out[i] = a * x[i] + y[i];
    }
    return out;
  }

  /**
   * 4. Per block {@code b < grid}: the 256 values {@code in[256b + t]} (0 past {@code n}) folded by
   * the tree {@code v[t] += v[t + s]}, {@code s = 128, 64, ..., 1}, into {@code partial[b]}.
   */
  static float[] reduceSum(int n, float[] in, int grid, float[] partial) {
    float[] out = partial.clone();
    float[] v = new float[REDUCE_BLOCK];
    for (int b = 0; b < grid; b++) {
      for (int t = 0; t < REDUCE_BLOCK; t++) {
        int i = REDUCE_BLOCK * b + t;
        v[t] = i < n ? in[i] : 0.0f;
      }
      for (int s = REDUCE_BLOCK / 2; s > 0; s >>= 1) {
        for (int t = 0; t < s; t++) {
          v[t] = v[t] + v[t + s];
        }
      }
      out[b] = v[0];
    }
    return out;
  }

  /** 5. The sum of {@code in[0..n-1]} in {@code double} (the kernel's order is unspecified). */
  static double sum(int n, float[] in) {
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += in[i];
    }
    return sum;
  }

  /** 5. warpReduceSum's README bound {@code n * 2^-24 * sum|in|}. */
  static double warpReduceSumBound(int n, float[] in) {
    double abs = 0;
    for (int i = 0; i < n; i++) {
      abs += Math.abs(in[i]);
    }
    return n * 0x1p-24 * abs;
  }

  /**
   * 5. What each warp adds to {@code out[0]}, following the README's method, which fixes every
   * addition but the order of the atomics: each thread's grid-stride sum in {@code float}, then
   * lane 0's share of the shuffle tree (offsets 16, 8, 4, 2, 1), whose sources are always in range
   * for lane 0.
   */
  static float[] warpSums(int n, float[] in, int grid, int block) {
    int threads = grid * block;
    float[] perThread = new float[threads];
    for (int t = 0; t < threads; t++) {
      float sum = 0.0f;
      for (int i = t; i < n; i += threads) {
        sum += in[i];
      }
      perThread[t] = sum;
    }
    float[] warps = new float[threads / 32];
    float[] lane = new float[32];
    for (int w = 0; w < warps.length; w++) {
      System.arraycopy(perThread, 32 * w, lane, 0, 32);
      for (int offset = 16; offset > 0; offset >>= 1) {
        for (int l = 0; l < offset; l++) {
          lane[l] += lane[l + offset];
        }
      }
      warps[w] = lane[0];
    }
    return warps;
  }

  /**
   * 5. How far {@code out[0]} may lie from the exact sum of {@link #warpSums}: folding {@code k}
   * values into {@code 0.0f} in any order rounds {@code k - 1} times, so the error is at most
   * {@code (k-1) u / (1 - (k-1) u) * sum|w|} with {@code u = 2^-24}, which {@code k u sum|w|}
   * covers. Unlike the README's bound this one catches a lost or doubled warp.
   */
  static double warpSumsBound(float[] warpSums) {
    double abs = 0;
    for (float w : warpSums) {
      abs += Math.abs(w);
    }
    return warpSums.length * 0x1p-24 * abs;
  }

  /** 6. {@code C[r*n+c] = sum_k A[r*n+k] * B[k*n+c]}, k ascending from {@code 0.0f}. */
  static float[] sgemmTiled(int n, float[] a, float[] b, float[] c) {
    float[] out = c.clone();
    for (int r = 0; r < n; r++) {
      for (int col = 0; col < n; col++) {
        float acc = 0.0f;
        for (int k = 0; k < n; k++) {
          acc = acc + a[r * n + k] * b[k * n + col];
        }
        out[r * n + col] = acc;
      }
    }
    return out;
  }

  /** 7. {@code out[c*rows + r] = in[r*cols + c]}. */
  static float[] transpose(int rows, int cols, float[] in, float[] out) {
    float[] result = out.clone();
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        result[c * rows + r] = in[r * cols + c];
      }
    }
    return result;
  }

  /** 8. {@code bins[v] += #{i < n : data[i] == v}}, data read as unsigned bytes. */
  static int[] histogram256(int n, byte[] data, int[] bins) {
    int[] out = bins.clone();
    for (int i = 0; i < n; i++) {
      out[data[i] & 0xff]++;
    }
    return out;
  }

  /** 9. Escape counts of {@code z -> z^2 + c}, every operation rounded (no contraction). */
  static int[] mandelbrot(
      int width, int height, int maxIter, float x0, float y0, float dx, float dy, int[] iters) {
    int[] out = iters.clone();
    for (int py = 0; py < height; py++) {
      for (int px = 0; px < width; px++) {
        float cr = x0 + (float) px * dx;
        float ci = y0 + (float) py * dy;
        float zr = 0.0f;
        float zi = 0.0f;
        int it = 0;
        while (it < maxIter && zr * zr + zi * zi <= 4.0f) {
          float t = zr * zr - zi * zi + cr;
          zi = 2.0f * zr * zi + ci;
          zr = t;
          it++;
        }
        out[py * width + px] = it;
      }
    }
    return out;
  }

  /**
   * 12. Interior points: {@code out[i] = 0.25f * (((in[i-1] + in[i+1]) + in[i-w]) + in[i+w])}; the
   * border keeps its prior values.
   */
  static float[] jacobi2d(int w, int h, float[] in, float[] out) {
    float[] result = out.clone();
    for (int y = 1; y <= h - 2; y++) {
      for (int x = 1; x <= w - 2; x++) {
        int i = y * w + x;
        result[i] = 0.25f * (((in[i - 1] + in[i + 1]) + in[i - w]) + in[i + w]);
      }
    }
    return result;
  }

  /** 13. Exclusive prefix sums restarting at every multiple of 512, wrapping. */
  static int[] scanBlock(int n, int[] in, int[] out) {
    int[] result = out.clone();
    int sum = 0;
    for (int i = 0; i < n; i++) {
      if (i % SCAN_SEGMENT == 0) {
        sum = 0;
      }
      result[i] = sum;
      sum += in[i];
    }
    return result;
  }

  /** 14. {@code y[r] = sum_{k in row r} vals[k] * x[colIdx[k]]}, k ascending. */
  static float[] spmvCsr(int rows, int[] rowPtr, int[] colIdx, float[] vals, float[] x, float[] y) {
    float[] out = y.clone();
    for (int r = 0; r < rows; r++) {
      float sum = 0.0f;
      for (int k = rowPtr[r]; k < rowPtr[r + 1]; k++) {
        sum = sum + vals[k] * x[colIdx[k]];
      }
      out[r] = sum;
    }
    return out;
  }

  /** 15. {@code out[i] = sum_k a[i*m+k] * b[k]}, k ascending. */
  static float[] dotLoop(int n, int m, float[] a, float[] b, float[] out) {
    float[] result = out.clone();
    for (int i = 0; i < n; i++) {
      float sum = 0.0f;
      for (int k = 0; k < m; k++) {
        sum = sum + a[i * m + k] * b[k];
      }
      result[i] = sum;
    }
    return result;
  }

  /**
   * 16. Lane-wise binary16 {@code a2*x[i] + y[i]} rounded once, by {@link Binary16Oracle} (exact
   * arithmetic, independent of {@code Gpu.hfma2}, which the kernel calls).
   */
  static int[] haxpy2(int n2, int a2, int[] x, int[] y) {
    int[] out = y.clone();
    for (int i = 0; i < n2; i++) {
      out[i] = Binary16Oracle.fma2(a2, x[i], y[i]);
    }
    return out;
  }

  /** 17. {@code out[i] = sum_t w[t] * in[i+t-4]}, t ascending, terms outside [0, n) left out. */
  static float[] conv1d(int n, float[] in, float[] w, float[] out) {
    float[] result = out.clone();
    for (int i = 0; i < n; i++) {
      float sum = 0.0f;
      for (int t = 0; t < CONV_TAPS; t++) {
        int j = i + t - CONV_RADIUS;
        if (j >= 0 && j < n) {
          sum = sum + w[t] * in[j];
        }
      }
      result[i] = sum;
    }
    return result;
  }

  /**
   * 18. One compare-exchange step, in place: each pair {@code (i, i^j)} with {@code i^j > i} goes
   * ascending if {@code (i & k) == 0}, else descending. The pairs are disjoint, so a sequential
   * loop gives the parallel result.
   */
  static void bitonicStep(int n, int j, int k, int[] data) {
    for (int i = 0; i < n; i++) {
      int l = i ^ j;
      if (l > i) {
        boolean ascending = (i & k) == 0;
        if (ascending ? data[i] > data[l] : data[i] < data[l]) {
          int t = data[i];
          data[i] = data[l];
          data[l] = t;
        }
      }
    }
  }

  /** 19. The splitmix64 finalizer without the gamma increment. */
  static long hash64(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** 19. {@link #hash64(long)} of {@code in[i]} for {@code i < n}. */
  static long[] hash64(int n, long[] in, long[] out) {
    long[] result = out.clone();
    for (int i = 0; i < n; i++) {
      result[i] = hash64(in[i]);
    }
    return result;
  }

  /** 20. The degree-12 Horner polynomial, c12 first. */
  static float horner12(float x) {
    float p = POLY_COEFFICIENTS[0];
    for (int k = 1; k < POLY_COEFFICIENTS.length; k++) {
      p = p * x + POLY_COEFFICIENTS[k];
    }
    return p;
  }

  /** 20. polyA, polyB or polyC: {@code y[i] = p}, {@code p * x[i]} or {@code p + x[i]}. */
  static float[] poly(char variant, int n, float[] x, float[] y) {
    float[] out = y.clone();
    for (int i = 0; i < n; i++) {
      float p = horner12(x[i]);
      out[i] =
          switch (variant) {
            case 'A' -> p;
            case 'B' -> p * x[i];
            case 'C' -> p + x[i];
            default -> throw new IllegalArgumentException("poly" + variant);
          };
    }
    return out;
  }
}
