package dev.jptx.bench;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.globalIdY;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Kernels whose threads each run a loop of data-dependent length: kernels 9, 14 and 15 of the bench
 * README (escape-time iteration, a sparse row, a dense row).
 */
public final class Loops {
  private Loops() {}

  /**
   * 9. The escape count ({@code <= maxIter}) of {@code z -> z^2 + c} from {@code z = 0}, for {@code
   * c = (x0 + px * dx, y0 + py * dy)}, escaping when {@code |z|^2 > 4}: {@code iters[py * width +
   * px]} for every pixel. Launch: 2D, any shape covering {@code width x height}.
   */
  @Kernel
  public static void mandelbrot(
      int width, int height, int maxIter, float x0, float y0, float dx, float dy, int[] iters) {
    int px = globalIdX();
    int py = globalIdY();
    if (px >= width || py >= height) {
      return;
    }
    float cr = x0 + px * dx;
    float ci = y0 + py * dy;
    float zr = 0.0f;
    float zi = 0.0f;
    int it = 0;
    while (it < maxIter && zr * zr + zi * zi <= 4.0f) {
      float t = zr * zr - zi * zi + cr;
      zi = 2.0f * zr * zi + ci;
      zr = t;
      ++it;
    }
    iters[py * width + px] = it;
  }

  /**
   * 14. CSR sparse matrix times vector, one row per thread: {@code y[r] = sum of vals[k] *
   * x[colIdx[k]]} for {@code k} from {@code rowPtr[r]} up to {@code rowPtr[r + 1]}, ascending.
   * Launch: 1D over {@code rows}.
   */
  @Kernel
  public static void spmvCsr(
      int rows,
      @ReadOnly int[] rowPtr,
      @ReadOnly int[] colIdx,
      @ReadOnly float[] vals,
      @ReadOnly float[] x,
      float[] y) {
    int r = globalIdX();
    if (r < rows) {
      float sum = 0.0f;
      int end = rowPtr[r + 1];
      for (int k = rowPtr[r]; k < end; ++k) {
        sum += vals[k] * x[colIdx[k]];
      }
      y[r] = sum;
    }
  }

  /**
   * 15. {@code out[i] = sum of a[i * m + k] * b[k]}, {@code k} ascending from 0 to {@code m - 1}: a
   * plain loop with a runtime trip count (a software-pipelining and unrolling candidate). Launch:
   * 1D over {@code n}.
   */
  @Kernel
  public static void dotLoop(int n, int m, @ReadOnly float[] a, @ReadOnly float[] b, float[] out) {
    int i = globalIdX();
    if (i < n) {
      float sum = 0.0f;
      for (int k = 0; k < m; ++k) {
        sum += a[i * m + k] * b[k];
      }
      out[i] = sum;
    }
  }
}
