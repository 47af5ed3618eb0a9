package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** Kernels of the first language subset, used by golden and end-to-end tests. */
public final class Basic {
  private Basic() {}

  @Kernel(maxThreadsPerBlock = 256, minBlocksPerMultiprocessor = 2)
  public static void saxpy(int n, float a, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = a * x[i] + y[i];
    }
  }

  @Kernel
  public static void vecAdd(int n, @ReadOnly int[] a, @ReadOnly int[] b, int[] c) {
    int i = globalIdX();
    if (i < n) {
      c[i] = a[i] + b[i];
    }
  }

  @Kernel
  public static void daxpy(int n, double a, @ReadOnly double[] x, double[] y) {
    int i = globalIdX();
    if (i < y.length && i < n) {
      y[i] = a * x[i] + y[i];
    }
  }

  @Kernel
  public static void clampAndScale(float[] data, float lo, float hi) {
    int i = globalIdX();
    if (i >= data.length) {
      return;
    }
    float v = data[i];
    if (v < lo) {
      v = lo;
    } else if (v > hi) {
      v = hi;
    } else {
      v = v * 2.0f - 1.0f;
    }
    data[i] = v;
  }

  @Kernel
  public static void intOps(int[] out, int a, int b) {
    int i = globalIdX();
    if (i == 0) {
      out[0] = a / b;
      out[1] = a % b;
      out[2] = a << b;
      out[3] = a >> b;
      out[4] = a >>> b;
      out[5] = (a & b) | (a ^ ~b);
      out[6] = -a * b - 7;
      out[7] = a < b ? a : b;
    }
  }

  @Kernel
  public static void conversions(double[] d, float[] f, int[] i, long[] l) {
    int k = globalIdX();
    if (k < d.length) {
      i[k] = (int) d[k];
      l[k] = (long) f[k];
      f[k] = (float) d[k] + (float) l[k];
      d[k] = i[k] + (double) l[k] * 0.5;
    }
  }
}
