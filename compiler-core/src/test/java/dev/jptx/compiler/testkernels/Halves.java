package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.bf16ToFloat;
import static dev.jptx.Gpu.bf16fma2;
import static dev.jptx.Gpu.floatToBf16;
import static dev.jptx.Gpu.floatToHalf;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.hadd2;
import static dev.jptx.Gpu.halfToFloat;
import static dev.jptx.Gpu.hfma2;
import static dev.jptx.Gpu.highHalf;
import static dev.jptx.Gpu.hmax2;
import static dev.jptx.Gpu.hmin2;
import static dev.jptx.Gpu.hmul2;
import static dev.jptx.Gpu.hsub2;
import static dev.jptx.Gpu.lowHalf;
import static dev.jptx.Gpu.packHalf2;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** Kernels on binary16 and bfloat16 bit patterns: every half-precision method of {@code Gpu}. */
public final class Halves {
  private Halves() {}

  /** Widening every pattern of {@code bits}, narrowing every float of {@code values}. */
  @Kernel
  public static void conversions(
      @ReadOnly short[] bits,
      @ReadOnly float[] values,
      float[] halves,
      float[] bf16s,
      short[] toHalf,
      short[] toBf16) {
    int i = globalIdX();
    if (i < bits.length) {
      halves[i] = halfToFloat(bits[i]);
      bf16s[i] = bf16ToFloat(bits[i]);
    }
    if (i < values.length) {
      toHalf[i] = floatToHalf(values[i]);
      toBf16[i] = floatToBf16(values[i]);
    }
  }

  /** Packing two floats into a pair and reading its elements back. */
  @Kernel
  public static void packing(
      @ReadOnly float[] lo, @ReadOnly float[] hi, int[] pairs, float[] low, float[] high) {
    int i = globalIdX();
    if (i < pairs.length) {
      int p = packHalf2(lo[i], hi[i]);
      pairs[i] = p;
      low[i] = lowHalf(p);
      high[i] = highHalf(p);
    }
  }

  /** Every packed operation on the same operands, seven results per element. */
  @Kernel
  public static void arithmetic(
      @ReadOnly int[] a, @ReadOnly int[] b, @ReadOnly int[] c, int[] out) {
    int i = globalIdX();
    if (i < a.length) {
      int k = 7 * i;
      out[k] = hadd2(a[i], b[i]);
      out[k + 1] = hsub2(a[i], b[i]);
      out[k + 2] = hmul2(a[i], b[i]);
      out[k + 3] = hfma2(a[i], b[i], c[i]);
      out[k + 4] = hmax2(a[i], b[i]);
      out[k + 5] = hmin2(a[i], b[i]);
      out[k + 6] = bf16fma2(a[i], b[i], c[i]);
    }
  }

  /** Constant operands, which the packed instructions take in registers only. */
  @Kernel
  public static void constants(@ReadOnly int[] x, int[] out) {
    int i = globalIdX();
    if (i < x.length) {
      int k = 4 * i;
      out[k] = hfma2(x[i], 0x3c00bc00, 0x00013556);
      out[k + 1] = hmax2(0x7e00fc00, x[i]);
      out[k + 2] = bf16fma2(0x40404040, x[i], 0x80010001);
      out[k + 3] = packHalf2(1.5f, -0.0f) ^ floatToBf16(3.0e38f) ^ hadd2(0x3c003c00, 0x00010400);
    }
  }

  /** Bench item 16: per lane {@code y = a2 * x + y}, rounded once, as CUDA's {@code __hfma2}. */
  @Kernel
  public static void haxpy2(int n2, int a2, @ReadOnly int[] x, int[] y) {
    int i = globalIdX();
    if (i < n2) {
      y[i] = hfma2(a2, x[i], y[i]);
    }
  }
}
