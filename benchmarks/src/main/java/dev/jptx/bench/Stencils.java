package dev.jptx.bench;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.globalIdY;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/** Neighbourhood kernels reading around their element: kernels 12 and 17 of the bench README. */
public final class Stencils {
  /** conv1d's filter length. */
  static final int CONV_TAPS = 9;

  /** conv1d's filter radius, {@code (CONV_TAPS - 1) / 2}. */
  static final int CONV_RADIUS = 4;

  private Stencils() {}

  /**
   * 12. One Jacobi sweep of a {@code w x h} grid: {@code out[i] = 0.25f * (in[i - 1] + in[i + 1] +
   * in[i - w] + in[i + w])} (summed left to right) for the interior points {@code 1 <= x <= w - 2},
   * {@code 1 <= y <= h - 2}; the border of {@code out} is not written. Launch: 2D over {@code (w,
   * h)}.
   */
  @Kernel
  public static void jacobi2d(int w, int h, @ReadOnly float[] in, float[] out) {
    int x = globalIdX();
    int y = globalIdY();
    if (x >= 1 && x < w - 1 && y >= 1 && y < h - 1) {
      int idx = y * w + x;
      out[idx] = 0.25f * (in[idx - 1] + in[idx + 1] + in[idx - w] + in[idx + w]);
    }
  }

  /**
   * 17. A 9-tap convolution with zero padding: {@code out[i] = sum of w[t] * in[i + t - 4]}, {@code
   * t} ascending, leaving out the terms whose index falls outside {@code [0, n)}. Launch: 1D over
   * {@code n}; {@code w} holds 9 taps.
   */
  @Kernel
  public static void conv1d(int n, @ReadOnly float[] in, @ReadOnly float[] w, float[] out) {
    int i = globalIdX();
    if (i >= n) {
      return;
    }
    float sum = 0.0f;
    for (int t = 0; t < CONV_TAPS; ++t) {
      int j = i + t - CONV_RADIUS;
      if (j >= 0 && j < n) {
        sum += w[t] * in[j];
      }
    }
    out[i] = sum;
  }
}
