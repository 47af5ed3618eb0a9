package dev.jptx.bench;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.hfma2;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Packed half precision: kernel 16 of the bench README. A half2 is an {@code int} holding two IEEE
 * binary16 values, lane 0 in bits 0..15 (CUDA's {@code __half2} viewed as {@code unsigned int}).
 */
public final class Half2 {
  private Half2() {}

  /**
   * 16. {@code y[i] = a2 * x[i] + y[i]} in each lane, formed exactly and rounded once to binary16
   * (round to nearest even, subnormals kept: CUDA's {@code __hfma2}). Launch: 1D over {@code n2}.
   */
  @Kernel
  public static void haxpy2(int n2, int a2, @ReadOnly int[] x, int[] y) {
    int i = globalIdX();
    if (i < n2) {
      y[i] = hfma2(a2, x[i], y[i]);
    }
  }
}
