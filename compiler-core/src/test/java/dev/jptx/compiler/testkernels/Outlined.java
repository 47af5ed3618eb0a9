package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.atomicAdd;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.shflSync;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;
import dev.jptx.NoOutline;
import dev.jptx.ReadOnly;

/**
 * Kernels whose code repeats, for the machine outliner: a helper inlined six times (values of every
 * parameter class in and out, a comparison and a select inside), a fully unrolled stencil whose
 * steps load and store, repeats around barriers, shared atomics and shuffles (which must stay in
 * the kernel), and the same repeats in a {@code @NoOutline} kernel.
 */
public final class Outlined {
  private Outlined() {}

  private static float poly(float x, float c) {
    float y = x * 0.5f + c;
    y = y * x - 0.25f;
    y = y * x + 0.125f;
    y = y * x - 1.5f;
    y = y * x + 2.25f;
    y = y * x - 0.75f;
    y = y * x + 0.0625f;
    y = y * x - 0.375f;
    y = y * x + 1.25f;
    y = y * x - 0.125f;
    y = y * x + 0.5f;
    y = y * x - 2.5f;
    y = y * x + 0.875f;
    y = y * x - 0.0625f;
    y = y * x + c;
    return y > 4f ? y - 4f : y * 0.5f;
  }

  private static long mix(long h, int v) {
    h ^= v;
    h *= 0x9E3779B97F4A7C15L;
    return h ^ (h >>> 29);
  }

  private static double blend(double a, double b, double t) {
    double u = 1 - t;
    return a * u * u + b * t * t + Math.abs(a - b) * t * u;
  }

  /** Six inlined copies of each helper, each on other values. */
  @Kernel
  public static void helpers(
      int n,
      @ReadOnly float[] x,
      @ReadOnly int[] v,
      @ReadOnly double[] d,
      float[] out,
      long[] h,
      double[] e) {
    int i = globalIdX();
    if (i < n) {
      float a = x[i];
      float c = a * 0.125f;
      out[i] =
          poly(a, c)
              + poly(a + 1, c)
              - poly(a * 2, c + 1)
              + poly(-a, c) * poly(c, a)
              - poly(a - c, 3);
      long k = i;
      k = mix(k, v[i]);
      k = mix(k, v[(i + 1) % n]);
      k = mix(k, v[(i + 2) % n] * 3);
      k = mix(k, v[(i + 3) % n] - 1);
      k = mix(k, i * 7);
      k = mix(k, (int) k);
      h[i] = k;
      double p = d[i];
      double q = d[(i + 5) % n];
      e[i] =
          blend(p, q, 0.25)
              + blend(q, p, 0.5) * blend(p + q, p - q, 0.75)
              - blend(p, -q, 0.125)
              + blend(q * 2, p, 0.875)
              + blend(p, q, p / (1 + Math.abs(p)));
    }
  }

  /**
   * Six calls of the helper in a chain: little is live across each, as guaranteed-beneficial needs.
   */
  @Kernel
  public static void chain(int n, @ReadOnly float[] x, float[] out) {
    int i = globalIdX();
    if (i < n) {
      float c = x[i];
      out[i] = poly(poly(poly(poly(poly(poly(c, 0.5f), c), 1.5f), c), -0.5f), c);
    }
  }

  /** A five-point stencil unrolled over eight columns: loads, arithmetic and stores repeat. */
  @Kernel
  public static void stencil(int n, @ReadOnly float[] in, float[] out) {
    int r = globalIdX();
    if (r < n) {
      int w = 10;
      for (int c = 1; c < 9; c++) {
        int at = r * w + c;
        float s =
            in[at] * 0.5f
                + (in[at - 1] + in[at + 1]) * 0.125f
                + (in[(at + w) % (n * w)] + in[Math.abs(at - w) % (n * w)]) * 0.125f;
        out[at] = s * s - in[at];
      }
    }
  }

  /** Repeats between barriers, shared atomics and shuffles, which are never outlined. */
  @Kernel
  public static void synchronised(int n, @ReadOnly int[] v, int[] out) {
    int[] tile = sharedInts(64);
    int t = threadIdxX();
    int i = globalIdX();
    int a = i < n ? v[i] : 0;
    tile[t] = a * 3 + 1;
    syncThreads();
    int b = tile[(t + 1) & 63] * 3 + 1;
    atomicAdd(tile, (t + 2) & 63, b ^ 5);
    syncThreads();
    int c = tile[(t + 2) & 63] * 3 + 1;
    atomicAdd(tile, (t + 3) & 63, c ^ 5);
    syncThreads();
    int d = shflSync(-1, c * 3 + 1, (t + 1) & 31);
    int e = shflSync(-1, d * 3 + 1, (t + 2) & 31);
    if (i < n) {
      out[i] = a + b * 3 + c * 5 + d * 7 + e;
    }
  }

  /** The helpers' repeats, in a kernel the outliner must leave alone. */
  @Kernel
  @NoOutline
  public static void kept(int n, @ReadOnly float[] x, float[] out) {
    int i = globalIdX();
    if (i < n) {
      float a = x[i];
      float c = a * 0.125f;
      out[i] =
          poly(a, c)
              + poly(a + 1, c)
              - poly(a * 2, c + 1)
              + poly(-a, c) * poly(c, a)
              - poly(a - c, 3);
    }
  }
}
