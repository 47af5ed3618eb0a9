package dev.jptx.samples.half2;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.hfma2;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Half-precision axpy on packed pairs. Java has no {@code half} type: a half2 is an {@code int}
 * holding two IEEE binary16 values, element 0 in the low 16 bits, exactly CUDA's {@code __half2}
 * seen as an {@code unsigned int}. {@code Gpu.packHalf2}, {@code lowHalf} and {@code highHalf}
 * convert on the host or in kernels.
 */
public final class HalfAxpy {
  private HalfAxpy() {}

  /**
   * {@code y[i] = a2 * x[i] + y[i]} in both halves at once, each formed exactly and rounded once to
   * binary16 (CUDA's {@code __hfma2}, one {@code fma.rn.f16x2} instruction). Launch: 1D over {@code
   * n2} pairs.
   */
  @Kernel
  public static void axpy(int n2, int a2, @ReadOnly int[] x, int[] y) {
    int i = globalIdX();
    if (i < n2) {
      y[i] = hfma2(a2, x[i], y[i]);
    }
  }
}
