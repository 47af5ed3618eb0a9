package dev.jptx.bench;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * One thread per element (or per pair of elements): kernels 1, 2, 3, 18, 19 and 20 of the bench
 * README. Launch: 1D, any block size, at least {@code n} threads; threads past {@code n} do
 * nothing.
 */
public final class Elementwise {
  private Elementwise() {}

  /** 1. {@code c[i] = a[i] + b[i]}, wrapping on overflow, for {@code i < n}. */
  @Kernel
  public static void vecAdd(int n, @ReadOnly int[] a, @ReadOnly int[] b, int[] c) {
    int i = globalIdX();
    if (i < n) {
      c[i] = a[i] + b[i];
    }
  }

  /** 2. {@code y[i] = a * x[i] + y[i]} for {@code i < n}, the product and the sum rounded apart. */
  @Kernel
  public static void saxpy(int n, float a, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = a * x[i] + y[i];
    }
  }

  /** 3. {@code y[i] = a * x[i] + y[i]} in {@code double} for {@code i < n}. */
  @Kernel
  public static void daxpy(int n, double a, @ReadOnly double[] x, double[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = a * x[i] + y[i];
    }
  }

  /**
   * 18. One compare-exchange step of a bitonic sort ({@code n} a power of two, {@code 1 <= j < k <=
   * n}): for each {@code i < n} whose partner {@code l = i ^ j} lies above it, the pair goes
   * ascending if {@code (i & k) == 0}, descending otherwise. The whole sort is {@code for (k = 2; k
   * <= n; k *= 2) for (j = k / 2; j > 0; j /= 2)} one launch of {@code n} threads.
   */
  @Kernel
  public static void bitonicStep(int n, int j, int k, int[] data) {
    int i = globalIdX();
    int ixj = i ^ j;
    if (i < n && ixj > i) {
      int a = data[i];
      int b = data[ixj];
      if ((i & k) == 0) {
        if (a > b) {
          data[i] = b;
          data[ixj] = a;
        }
      } else {
        if (a < b) {
          data[i] = b;
          data[ixj] = a;
        }
      }
    }
  }

  /**
   * 19. The splitmix64 finalizer (without the gamma increment) of {@code in[i]}, on the 64-bit
   * pattern: Java's {@code >>>} is CUDA's unsigned shift and {@code long} multiplication wraps.
   */
  @Kernel
  public static void hash64(int n, @ReadOnly long[] in, long[] out) {
    int i = globalIdX();
    if (i < n) {
      long z = in[i];
      z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
      z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
      out[i] = z ^ (z >>> 31);
    }
  }

  /** 20. {@code y[i] = p(x[i])}, {@code p} the degree-12 polynomial of {@link #horner12}. */
  @Kernel
  public static void polyA(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = horner12(x[i]);
    }
  }

  /** 20. {@code y[i] = p(x[i]) * x[i]}. */
  @Kernel
  public static void polyB(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      float xi = x[i];
      y[i] = horner12(xi) * xi;
    }
  }

  /** 20. {@code y[i] = p(x[i]) + x[i]}. */
  @Kernel
  public static void polyC(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      float xi = x[i];
      y[i] = horner12(xi) + xi;
    }
  }

  /**
   * A device function shared by the three poly kernels (the outliner's candidate in the CUDA
   * suite): Horner's rule with the README's coefficients c12 first, roughly {@code exp(-x)} on [-2,
   * 2].
   */
  static float horner12(float x) {
    float p = 2.09e-9f; // c12
    p = p * x + -2.51e-8f; // c11
    p = p * x + 2.75e-7f; // c10
    p = p * x + -2.76e-6f; // c9
    p = p * x + 2.48e-5f; // c8
    p = p * x + -1.98e-4f; // c7
    p = p * x + 1.39e-3f; // c6
    p = p * x + -8.33e-3f; // c5
    p = p * x + 4.17e-2f; // c4
    p = p * x + -0.1667f; // c3
    p = p * x + 0.5f; // c2
    p = p * x + -0.9999f; // c1
    p = p * x + 1.0001f; // c0
    return p;
  }
}
