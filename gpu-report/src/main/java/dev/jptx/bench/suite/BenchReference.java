package dev.jptx.bench.suite;

import dev.jptx.Gpu;

/**
 * Plain sequential Java versions of the 22 kernels of {@code benchmarks/cuda/kernels.cu}, written
 * from the specification table of {@code benchmarks/cuda/README.md} (not from the CUDA code): one
 * loop over the output elements, in the summation order the README fixes.
 *
 * <p>Every method leaves its arguments alone and returns a new output array: a copy of the prior
 * output with the elements the kernel writes replaced, because "any output element that the table
 * doesn't mention keeps its previous value". Where the README accepts an FMA-contracted and an
 * uncontracted result, a {@link Contraction} argument chooses: {@code FUSED} makes every {@code a*b
 * + c} step one {@link Math#fma}, {@code UNFUSED} rounds the product and the sum separately (the
 * JVM's own {@code float} and {@code double} arithmetic is IEEE round-to-nearest, never fused).
 * Kernels checked against a tolerance (nbody, blackScholes, warpReduceSum) are computed in {@code
 * double}.
 */
public final class BenchReference {
  /** nbody's softening epsilon^2, the kernel's {@code 0.01f}. */
  static final float NBODY_SOFTENING2 = 0.01f;

  /** polyA/B/C's coefficients c12, c11, ..., c0 in the order Horner's rule applies them. */
  static final float[] POLY_COEFFICIENTS = {
    2.09e-9f, -2.51e-8f, 2.75e-7f, -2.76e-6f, 2.48e-5f, -1.98e-4f, 1.39e-3f, -8.33e-3f, 4.17e-2f,
    -0.1667f, 0.5f, -0.9999f, 1.0001f
  };

  private static final int REDUCE_BLOCK = 256;
  private static final int SCAN_SEGMENT = 512;
  private static final int CONV_TAPS = 9;
  private static final int CONV_RADIUS = 4;

  private BenchReference() {}

  /** nbody's results in {@code double}: {@code newPos} (x, y, z, m per body) and {@code newVel}. */
  public record NbodyResult(double[] newPos, double[] newVel) {}

  /** blackScholes' results in {@code double}. */
  public record BlackScholesResult(double[] call, double[] put) {}

  /**
   * {@code p*q + acc} with one rounding or two.
   *
   * @param p a factor
   * @param q the other factor
   * @param acc the addend
   * @param contraction fused or not
   * @return the rounded result
   */
  public static float madd(float p, float q, float acc, Contraction contraction) {
    return contraction.fused() ? Math.fma(p, q, acc) : p * q + acc;
  }

  /**
   * {@code p*q + acc} in {@code double}, with one rounding or two.
   *
   * @param p a factor
   * @param q the other factor
   * @param acc the addend
   * @param contraction fused or not
   * @return the rounded result
   */
  public static double madd(double p, double q, double acc, Contraction contraction) {
    return contraction.fused() ? Math.fma(p, q, acc) : p * q + acc;
  }

  /** 1. {@code c[i] = a[i] + b[i]}, wrapping, for {@code i < n}. */
  public static int[] vecAdd(int n, int[] a, int[] b, int[] c) {
    int[] out = c.clone();
    for (int i = 0; i < n; i++) {
      out[i] = a[i] + b[i];
    }
    return out;
  }

  /** 2. {@code y[i] <- a*x[i] + y[i]}. */
  public static float[] saxpy(int n, float a, float[] x, float[] y, Contraction contraction) {
    float[] out = y.clone();
    for (int i = 0; i < n; i++) {
      out[i] = madd(a, x[i], y[i], contraction);
    }
    return out;
  }

  /** 3. {@code y[i] <- a*x[i] + y[i]} in {@code double}. */
  public static double[] daxpy(int n, double a, double[] x, double[] y, Contraction contraction) {
    double[] out = y.clone();
    for (int i = 0; i < n; i++) {
      out[i] = madd(a, x[i], y[i], contraction);
    }
    return out;
  }

  /**
   * 4. Per block {@code b < grid}: the 256 values {@code in[256b + t]} (0 past {@code n}) folded by
   * the tree {@code v[t] += v[t + s]}, {@code s = 128, 64, ..., 1}, into {@code partial[b]}.
   */
  public static float[] reduceSum(int n, float[] in, int grid, float[] partial) {
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
  public static double sum(int n, float[] in) {
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += in[i];
    }
    return sum;
  }

  /** 5. warpReduceSum's README bound {@code n * 2^-24 * sum|in|}. */
  public static double warpReduceSumBound(int n, float[] in) {
    double abs = 0;
    for (int i = 0; i < n; i++) {
      abs += Math.abs(in[i]);
    }
    return n * 0x1p-24 * abs;
  }

  /**
   * 5. What each warp adds to {@code out[0]}, following the README's method, which fixes every
   * addition except the order of the atomics: each thread's grid-stride sum in {@code float}, then
   * lane 0's share of the {@code __shfl_down_sync} tree (offsets 16, 8, 4, 2, 1), whose sources are
   * always in range for lane 0.
   *
   * @param n elements summed
   * @param in the input
   * @param grid blocks in the launch
   * @param block threads per block, a multiple of 32
   * @return one sum per warp, in launch order
   */
  public static float[] warpSums(int n, float[] in, int grid, int block) {
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
   * 5. A bound on how far {@code out[0]} may lie from the exact sum of {@link #warpSums}: folding
   * {@code k} values into {@code 0.0f} in any order rounds {@code k - 1} times, so the error is at
   * most {@code (k-1) u / (1 - (k-1) u) * sum|w|} with {@code u = 2^-24}; {@code k u} covers it.
   * Unlike the README's bound this one catches a lost or doubled warp.
   */
  public static double warpSumsBound(float[] warpSums) {
    double abs = 0;
    for (float w : warpSums) {
      abs += Math.abs(w);
    }
    return warpSums.length * 0x1p-24 * abs;
  }

  /** 6. {@code C[r*n+c] = sum_k A[r*n+k] * B[k*n+c]}, k ascending from {@code 0.0f}. */
  public static float[] sgemmTiled(int n, float[] a, float[] b, float[] c, Contraction con) {
    float[] out = c.clone();
    for (int r = 0; r < n; r++) {
      for (int col = 0; col < n; col++) {
        float acc = 0.0f;
        for (int k = 0; k < n; k++) {
          acc = madd(a[r * n + k], b[k * n + col], acc, con);
        }
        out[r * n + col] = acc;
      }
    }
    return out;
  }

  /** 7. {@code out[c*rows + r] = in[r*cols + c]}. */
  public static float[] transpose(int rows, int cols, float[] in, float[] out) {
    float[] result = out.clone();
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        result[c * rows + r] = in[r * cols + c];
      }
    }
    return result;
  }

  /** 8. {@code bins[v] += #{i < n : data[i] == v}}, data read as unsigned bytes. */
  public static int[] histogram256(int n, byte[] data, int[] bins) {
    int[] out = bins.clone();
    for (int i = 0; i < n; i++) {
      out[data[i] & 0xff]++;
    }
    return out;
  }

  /**
   * 9. Escape counts of {@code z -> z^2 + c}. {@code UNFUSED} is the README's formula with every
   * operation rounded. {@code FUSED} is what nvcc 13 makes of it by default (read from its PTX for
   * sm_75 and sm_90): {@code cr = fma(px, dx, x0)}, {@code ci = fma(py, dy, y0)}, {@code zi =
   * fma(2*zr, zi, ci)}, while {@code zr*zr} and {@code zi*zi} stay separately rounded products,
   * shared by the escape test and {@code t = (zr*zr - zi*zi) + cr}. The README only asks for 99%
   * agreement with contraction, so {@code FUSED} serves to measure the expected disagreement.
   */
  public static int[] mandelbrot(
      int width,
      int height,
      int maxIter,
      float x0,
      float y0,
      float dx,
      float dy,
      int[] iters,
      Contraction contraction) {
    int[] out = iters.clone();
    boolean fused = contraction.fused();
    for (int py = 0; py < height; py++) {
      for (int px = 0; px < width; px++) {
        float cr = fused ? Math.fma((float) px, dx, x0) : x0 + (float) px * dx;
        float ci = fused ? Math.fma((float) py, dy, y0) : y0 + (float) py * dy;
        float zr = 0.0f;
        float zi = 0.0f;
        int it = 0;
        while (it < maxIter && zr * zr + zi * zi <= 4.0f) {
          float t = zr * zr - zi * zi + cr;
          zi = fused ? Math.fma(2.0f * zr, zi, ci) : 2.0f * zr * zi + ci;
          zr = t;
          it++;
        }
        out[py * width + px] = it;
      }
    }
    return out;
  }

  /**
   * 10. One Euler step of softened gravity in {@code double}, from the {@code float} inputs: {@code
   * a_i = sum_j m_j d_ij r^3}, {@code r = 1/sqrt(|d_ij|^2 + 0.01f)}, {@code v' = v + dt*a}, {@code
   * x' = x + dt*v'}, masses copied. Entries past the bodies keep {@code newPos}'s and {@code
   * newVel}'s prior values.
   */
  public static NbodyResult nbody(
      int n, float dt, float[] pos, float[] vel, float[] newPos, float[] newVel) {
    double[] p = toDoubles(newPos);
    double[] v = toDoubles(newVel);
    for (int i = 0; i < n; i++) {
      double ax = 0;
      double ay = 0;
      double az = 0;
      for (int j = 0; j < n; j++) {
        double dx = (double) pos[4 * j] - pos[4 * i];
        double dy = (double) pos[4 * j + 1] - pos[4 * i + 1];
        double dz = (double) pos[4 * j + 2] - pos[4 * i + 2];
        double r = 1 / Math.sqrt(dx * dx + dy * dy + dz * dz + NBODY_SOFTENING2);
        double s = pos[4 * j + 3] * r * r * r;
        ax += dx * s;
        ay += dy * s;
        az += dz * s;
      }
      double[] acc = {ax, ay, az};
      for (int k = 0; k < 3; k++) {
        v[3 * i + k] = vel[3 * i + k] + (double) dt * acc[k];
        p[4 * i + k] = pos[4 * i + k] + (double) dt * v[3 * i + k];
      }
      p[4 * i + 3] = pos[4 * i + 3];
    }
    return new NbodyResult(p, v);
  }

  /**
   * 11. European call and put prices by the README's formula in {@code double}; entries past {@code
   * n} keep {@code call}'s and {@code put}'s prior values.
   */
  public static BlackScholesResult blackScholes(
      int n, float r, float v, float[] s, float[] x, float[] t, float[] call, float[] put) {
    double[] c = toDoubles(call);
    double[] p = toDoubles(put);
    for (int i = 0; i < n; i++) {
      double sqrtT = Math.sqrt(t[i]);
      double d1 = (Math.log((double) s[i] / x[i]) + (r + 0.5 * v * v) * t[i]) / (v * sqrtT);
      double d2 = d1 - v * sqrtT;
      double e = Math.exp(-(double) r * t[i]);
      c[i] = s[i] * cnd(d1) - x[i] * e * cnd(d2);
      p[i] = x[i] * e * (1 - cnd(d2)) - s[i] * (1 - cnd(d1));
    }
    return new BlackScholesResult(c, p);
  }

  /** The README's polynomial cumulative normal distribution, in {@code double}. */
  static double cnd(double d) {
    double k = 1 / (1 + 0.2316419 * Math.abs(d));
    double poly =
        k
            * (0.31938153
                + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))));
    double c = 0.3989422804014327 * Math.exp(-0.5 * d * d) * poly;
    return d > 0 ? 1 - c : c;
  }

  /**
   * 12. Interior points: {@code out[i] = 0.25f * (((in[i-1] + in[i+1]) + in[i-w]) + in[i+w])}; the
   * border keeps its prior values.
   */
  public static float[] jacobi2d(int w, int h, float[] in, float[] out) {
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
  public static int[] scanBlock(int n, int[] in, int[] out) {
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
  public static float[] spmvCsr(
      int rows,
      int[] rowPtr,
      int[] colIdx,
      float[] vals,
      float[] x,
      float[] y,
      Contraction contraction) {
    float[] out = y.clone();
    for (int r = 0; r < rows; r++) {
      float sum = 0.0f;
      for (int k = rowPtr[r]; k < rowPtr[r + 1]; k++) {
        sum = madd(vals[k], x[colIdx[k]], sum, contraction);
      }
      out[r] = sum;
    }
    return out;
  }

  /** 15. {@code out[i] = sum_k a[i*m+k] * b[k]}, k ascending. */
  public static float[] dotLoop(
      int n, int m, float[] a, float[] b, float[] out, Contraction contraction) {
    float[] result = out.clone();
    for (int i = 0; i < n; i++) {
      float sum = 0.0f;
      for (int k = 0; k < m; k++) {
        sum = madd(a[i * m + k], b[k], sum, contraction);
      }
      result[i] = sum;
    }
    return result;
  }

  /**
   * 16. Lane-wise binary16 {@code a2*x[i] + y[i]} rounded once, through {@link Gpu#hfma2} (tested
   * bit-exact against BigDecimal in the annotations module, and here against an independent
   * double-based codec by {@code BenchReferenceTest}).
   */
  public static int[] haxpy2(int n2, int a2, int[] x, int[] y) {
    return haxpy2(n2, a2, x, y, Gpu::hfma2);
  }

  /**
   * 16. As {@link #haxpy2(int, int, int[], int[])}, each lane rounded by {@link Binary16Oracle}
   * (exact arithmetic in {@code BigDecimal}, independent of {@link Gpu#hfma2}): the reference for
   * kernels that call {@code Gpu.hfma2} themselves. Finite inputs only.
   */
  public static int[] haxpy2Exact(int n2, int a2, int[] x, int[] y) {
    return haxpy2(n2, a2, x, y, Binary16Oracle::fma2);
  }

  private static int[] haxpy2(int n2, int a2, int[] x, int[] y, IntTernaryOperator fma2) {
    int[] out = y.clone();
    for (int i = 0; i < n2; i++) {
      out[i] = fma2.applyAsInt(a2, x[i], y[i]);
    }
    return out;
  }

  /** A packed half2 fused multiply-add. */
  private interface IntTernaryOperator {
    int applyAsInt(int a, int b, int c);
  }

  /** 17. {@code out[i] = sum_t w[t] * in[i+t-4]}, t ascending, terms outside [0, n) left out. */
  public static float[] conv1d(int n, float[] in, float[] w, float[] out, Contraction con) {
    float[] result = out.clone();
    for (int i = 0; i < n; i++) {
      float sum = 0.0f;
      for (int t = 0; t < CONV_TAPS; t++) {
        int j = i + t - CONV_RADIUS;
        if (j >= 0 && j < n) {
          sum = madd(w[t], in[j], sum, con);
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
  public static void bitonicStep(int n, int j, int k, int[] data) {
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

  /** 18. The README's driver: every step for {@code k = 2, 4, ..., n}, {@code j = k/2, ..., 1}. */
  public static int[] bitonicSort(int n, int[] data) {
    int[] out = data.clone();
    for (int k = 2; k <= n; k *= 2) {
      for (int j = k / 2; j > 0; j /= 2) {
        bitonicStep(n, j, k, out);
      }
    }
    return out;
  }

  /** 19. The splitmix64 finalizer without the gamma increment. */
  public static long hash64(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** 19. {@link #hash64(long)} of {@code in[i]} for {@code i < n}. */
  public static long[] hash64(int n, long[] in, long[] out) {
    long[] result = out.clone();
    for (int i = 0; i < n; i++) {
      result[i] = hash64(in[i]);
    }
    return result;
  }

  /** 20. The degree-12 Horner polynomial, c12 first. */
  public static float horner12(float x, Contraction contraction) {
    float p = POLY_COEFFICIENTS[0];
    for (int k = 1; k < POLY_COEFFICIENTS.length; k++) {
      p = madd(p, x, POLY_COEFFICIENTS[k], contraction);
    }
    return p;
  }

  /** 20. polyA: {@code y[i] = p(x[i])}. */
  public static float[] polyA(int n, float[] x, float[] y, Contraction contraction) {
    float[] out = y.clone();
    for (int i = 0; i < n; i++) {
      out[i] = horner12(x[i], contraction);
    }
    return out;
  }

  /** 20. polyB: {@code y[i] = p(x[i]) * x[i]}. */
  public static float[] polyB(int n, float[] x, float[] y, Contraction contraction) {
    float[] out = y.clone();
    for (int i = 0; i < n; i++) {
      out[i] = horner12(x[i], contraction) * x[i];
    }
    return out;
  }

  /** 20. polyC: {@code y[i] = p(x[i]) + x[i]}. */
  public static float[] polyC(int n, float[] x, float[] y, Contraction contraction) {
    float[] out = y.clone();
    for (int i = 0; i < n; i++) {
      out[i] = horner12(x[i], contraction) + x[i];
    }
    return out;
  }

  /**
   * 20. polyA, polyB or polyC by its letter.
   *
   * @param variant {@code 'A'}, {@code 'B'} or {@code 'C'}
   * @param n elements written
   * @param x the input
   * @param y the prior output
   * @param contraction fused or not
   * @return the output
   */
  public static float[] poly(char variant, int n, float[] x, float[] y, Contraction contraction) {
    return switch (variant) {
      case 'A' -> polyA(n, x, y, contraction);
      case 'B' -> polyB(n, x, y, contraction);
      case 'C' -> polyC(n, x, y, contraction);
      default -> throw new IllegalArgumentException("poly" + variant);
    };
  }

  /** Widens a {@code float} array, for references kept in {@code double}. */
  static double[] toDoubles(float[] a) {
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = a[i];
    }
    return d;
  }
}
