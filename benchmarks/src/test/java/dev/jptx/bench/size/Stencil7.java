package dev.jptx.bench.size;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * A 7-point 3D stencil marching along z, unrolled by hand over eight planes as register-blocked
 * stencil code is written: each step loads the next plane's point, reads its four neighbours in the
 * plane and writes one output. The grid's row and plane strides are run-time values.
 */
public final class Stencil7 {
  private Stencil7() {}

  private static float step(
      float[] in, float[] out, int p, int row, float below, float here, float above) {
    float s = in[p - 1] + in[p + 1] + in[p - row] + in[p + row];
    float v = 0.5f * here + 0.0833f * s + 0.0833f * (below + above);
    out[p] = v > 1f ? 1f : v;
    return above;
  }

  /**
   * Thread {@code t} is column {@code t} of an {@code n}-wide interior: rows of {@code n + 2}
   * floats, planes of {@code 3 * (n + 2)}, output planes 1 to 8 of row 1.
   */
  @Kernel
  public static void march(@ReadOnly float[] in, float[] out, int n) {
    int t = globalIdX();
    if (t < n) {
      int row = n + 2;
      int plane = 3 * row;
      int p = plane + row + 1 + t;
      float a = in[p - plane];
      float b = in[p];
      float c = in[p + plane];
      a = step(in, out, p, row, a, b, c);
      p += plane;
      float d = in[p + plane];
      b = step(in, out, p, row, a, c, d);
      p += plane;
      float e = in[p + plane];
      c = step(in, out, p, row, b, d, e);
      p += plane;
      float f = in[p + plane];
      d = step(in, out, p, row, c, e, f);
      p += plane;
      float g = in[p + plane];
      e = step(in, out, p, row, d, f, g);
      p += plane;
      float h = in[p + plane];
      f = step(in, out, p, row, e, g, h);
      p += plane;
      float k = in[p + plane];
      g = step(in, out, p, row, f, h, k);
      p += plane;
      float m = in[p + plane];
      step(in, out, p, row, g, k, m);
    }
  }
}
