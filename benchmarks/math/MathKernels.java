package dev.jptx.bench.math;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.GpuMath;
import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * One kernel per {@code GpuMath} function, {@code y[i] = GpuMath.f(x[i])}: the jptx side of
 * {@code math-report.sh}, whose nvcc twins ({@code y[i] = f##f(x[i])}) are in {@code math.cu}.
 */
public final class MathKernels {
  private MathKernels() {}

  /** The frame without a function: subtracted from the others for each function's own size. */
  @Kernel
  public static void copyK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = x[i];
    }
  }

  @Kernel
  public static void sinK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.sin(x[i]);
    }
  }

  @Kernel
  public static void cosK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.cos(x[i]);
    }
  }

  @Kernel
  public static void tanK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.tan(x[i]);
    }
  }

  @Kernel
  public static void asinK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.asin(x[i]);
    }
  }

  @Kernel
  public static void acosK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.acos(x[i]);
    }
  }

  @Kernel
  public static void atanK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.atan(x[i]);
    }
  }

  @Kernel
  public static void atan2K(int n, @ReadOnly float[] x, @ReadOnly float[] z, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.atan2(x[i], z[i]);
    }
  }

  @Kernel
  public static void sinhK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.sinh(x[i]);
    }
  }

  @Kernel
  public static void coshK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.cosh(x[i]);
    }
  }

  @Kernel
  public static void tanhK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.tanh(x[i]);
    }
  }

  @Kernel
  public static void expK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.exp(x[i]);
    }
  }

  @Kernel
  public static void exp2K(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.exp2(x[i]);
    }
  }

  @Kernel
  public static void exp10K(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.exp10(x[i]);
    }
  }

  @Kernel
  public static void expm1K(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.expm1(x[i]);
    }
  }

  @Kernel
  public static void logK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.log(x[i]);
    }
  }

  @Kernel
  public static void log2K(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.log2(x[i]);
    }
  }

  @Kernel
  public static void log10K(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.log10(x[i]);
    }
  }

  @Kernel
  public static void log1pK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.log1p(x[i]);
    }
  }

  @Kernel
  public static void powK(int n, @ReadOnly float[] x, @ReadOnly float[] z, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.pow(x[i], z[i]);
    }
  }

  @Kernel
  public static void cbrtK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.cbrt(x[i]);
    }
  }

  @Kernel
  public static void hypotK(int n, @ReadOnly float[] x, @ReadOnly float[] z, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.hypot(x[i], z[i]);
    }
  }

  @Kernel
  public static void sqrtK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.sqrt(x[i]);
    }
  }

  @Kernel
  public static void rsqrtK(int n, @ReadOnly float[] x, float[] y) {
    int i = globalIdX();
    if (i < n) {
      y[i] = GpuMath.rsqrt(x[i]);
    }
  }
}
