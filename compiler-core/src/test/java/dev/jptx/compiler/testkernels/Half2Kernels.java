package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.bf16fma2;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.hadd2;
import static dev.jptx.Gpu.hfma2;
import static dev.jptx.Gpu.hmax2;
import static dev.jptx.Gpu.hmin2;
import static dev.jptx.Gpu.hmul2;
import static dev.jptx.Gpu.hsub2;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Kernels on packed half pairs ({@code Gpu}'s half2 methods) in chains and loops, whose IR computes
 * on {@code v2f16}/{@code v2bf16}: a loop-invariant pair's bitcast is hoisted out of its loop, so a
 * vector value crosses blocks.
 */
public final class Half2Kernels {
  private Half2Kernels() {}

  /** Per lane {@code sum over k of a2 * x[i][k] * y[k]}, accumulated with {@code hfma2}. */
  @Kernel
  public static void dot2(@ReadOnly int[] x, @ReadOnly int[] y, int a2, int[] out) {
    int i = globalIdX();
    int n = y.length;
    if (i < out.length) {
      int acc = 0;
      for (int k = 0; k < n; k++) {
        acc = hfma2(hmul2(a2, x[i * n + k]), y[k], acc);
      }
      out[i] = acc;
    }
  }

  /**
   * Horner's rule for {@code c3 x^3 + c2 x^2 + c1 x + c0} on each lane: a chain of {@code hfma2}.
   */
  @Kernel
  public static void polynomial(@ReadOnly int[] x, int c0, int c1, int c2, int c3, int[] out) {
    int i = globalIdX();
    if (i < x.length) {
      int p = hfma2(c3, x[i], c2);
      p = hfma2(p, x[i], c1);
      out[i] = hfma2(p, x[i], c0);
    }
  }

  /** {@code x + x - lo}, clamped to {@code [lo, hi]} per lane with {@code hmax2}/{@code hmin2}. */
  @Kernel
  public static void clamp(@ReadOnly int[] x, int lo, int hi, int[] out) {
    int i = globalIdX();
    if (i < x.length) {
      out[i] = hmin2(hmax2(hsub2(hadd2(x[i], x[i]), lo), lo), hi);
    }
  }

  /** bfloat16 pairs: {@code sum over k of x[i][k] * y[k]} with {@code bf16fma2}. */
  @Kernel
  public static void bf16Dot(@ReadOnly int[] x, @ReadOnly int[] y, int[] out) {
    int i = globalIdX();
    int n = y.length;
    if (i < out.length) {
      int acc = 0x80008000; // -0.0 in both lanes: the neutral element of a sum
      for (int k = 0; k < n; k++) {
        acc = bf16fma2(x[i * n + k], y[k], acc);
      }
      out[i] = acc;
    }
  }
}
