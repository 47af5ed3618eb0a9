package dev.jptx.bench.size;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.GpuMath;
import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * One radix-8 stage of a Stockham FFT, as FFT libraries generate it: each thread twiddles its eight
 * complex points by {@code w^(j*k)}, computed from its own index, then runs the eight-point DFT as
 * three unrolled butterfly stages in registers.
 */
public final class FftStage {
  private FftStage() {}

  /** The butterfly on points {@code a} and {@code b}, {@code b} turned by {@code (wr, wi)}. */
  private static void butterfly(float[] re, float[] im, int a, int b, float wr, float wi) {
    float tr = wr * re[b] - wi * im[b];
    float ti = wr * im[b] + wi * re[b];
    re[b] = re[a] - tr;
    im[b] = im[a] - ti;
    re[a] = re[a] + tr;
    im[a] = im[a] + ti;
  }

  /** Point {@code k} times {@code w^(j*k)} for the stage's angle step {@code step}. */
  private static void twiddle(float[] re, float[] im, int k, int j, float step) {
    float angle = step * (j * k);
    float c = GpuMath.cos(angle);
    float s = GpuMath.sin(angle);
    float r = re[k] * c - im[k] * s;
    im[k] = re[k] * s + im[k] * c;
    re[k] = r;
  }

  /**
   * Thread {@code t} transforms points {@code t + m * n} ({@code m} = 0..7) of the interleaved
   * complex array {@code in} into {@code out}; the stage's index is {@code t % 64}.
   */
  @Kernel
  public static void radix8(@ReadOnly float[] in, float[] out, int n) {
    int t = globalIdX();
    if (t < n) {
      float[] re = new float[8];
      float[] im = new float[8];
      for (int m = 0; m < 8; m++) {
        re[m] = in[2 * (t + m * n)];
        im[m] = in[2 * (t + m * n) + 1];
      }
      int j = t % 64;
      float step = -6.2831855f / 512f;
      for (int k = 1; k < 8; k++) {
        twiddle(re, im, k, j, step);
      }
      float h = 0.70710677f;
      butterfly(re, im, 0, 4, 1f, 0f);
      butterfly(re, im, 1, 5, 1f, 0f);
      butterfly(re, im, 2, 6, 1f, 0f);
      butterfly(re, im, 3, 7, 1f, 0f);
      butterfly(re, im, 0, 2, 1f, 0f);
      butterfly(re, im, 1, 3, 1f, 0f);
      butterfly(re, im, 4, 6, 0f, -1f);
      butterfly(re, im, 5, 7, 0f, -1f);
      butterfly(re, im, 0, 1, 1f, 0f);
      butterfly(re, im, 2, 3, 0f, -1f);
      butterfly(re, im, 4, 5, h, -h);
      butterfly(re, im, 6, 7, -h, -h);
      for (int m = 0; m < 8; m++) {
        out[2 * (t + m * n)] = re[m];
        out[2 * (t + m * n) + 1] = im[m];
      }
    }
  }
}
