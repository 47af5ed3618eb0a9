package dev.jptx.samples.mandelbrot;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.globalIdY;

import dev.jptx.Kernel;

/** The Mandelbrot set: one GPU thread per pixel of a 2D grid. */
public final class Mandelbrot {
  private Mandelbrot() {}

  /**
   * Counts, for pixel {@code (px, py)}, the iterations of {@code z = z * z + c} before {@code |z| >
   * 2}, at most {@code maxIter}, where {@code c = (x0 + px * dx) + i (y0 + py * dy)}. Launch: 2D,
   * any shape covering {@code width x height}; {@code iters} is row-major.
   */
  @Kernel
  public static void escapeTime(
      int width, int height, int maxIter, float x0, float y0, float dx, float dy, int[] iters) {
    int px = globalIdX();
    int py = globalIdY();
    if (px >= width || py >= height) {
      return; // the grid is rounded up to whole blocks
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
      it++;
    }
    iters[py * width + px] = it;
  }
}
