package dev.jptx.bench;

import static dev.jptx.Gpu.blockIdxX;
import static dev.jptx.Gpu.blockIdxY;
import static dev.jptx.Gpu.sharedFloats;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;
import static dev.jptx.Gpu.threadIdxY;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Kernels that stage 2D tiles in shared memory between two barriers: kernels 6 and 7 of the bench
 * README. Java has no 2D shared arrays; a tile is one {@code sharedFloats} array indexed {@code row
 * * rowLength + column}, which is the layout CUDA gives {@code float tile[R][C]}.
 */
public final class Tiles {
  /** sgemmTiled's tile edge, its {@code blockDim.x} and {@code blockDim.y}. */
  public static final int GEMM_TILE = 16;

  /** transpose's tile edge and {@code blockDim.x}. */
  public static final int TRANSPOSE_TILE = 32;

  /** transpose's {@code blockDim.y}: each thread moves {@code TRANSPOSE_TILE / 8} elements. */
  public static final int TRANSPOSE_ROWS = 8;

  /** transpose's shared row length: one spare column keeps the column reads free of conflicts. */
  private static final int TRANSPOSE_PITCH = TRANSPOSE_TILE + 1;

  private Tiles() {}

  /**
   * 6. {@code c = a * b} for {@code n x n} row-major matrices: {@code c[r * n + col] = sum of a[r *
   * n + k] * b[k * n + col]}, {@code k} ascending, through 16 x 16 shared tiles. Launch: exactly
   * grid {@code (n / 16, n / 16)}, block {@code (16, 16)}; {@code n} a multiple of 16 (no bounds
   * checks).
   */
  @Kernel
  public static void sgemmTiled(int n, @ReadOnly float[] a, @ReadOnly float[] b, float[] c) {
    float[] as = sharedFloats(GEMM_TILE * GEMM_TILE);
    float[] bs = sharedFloats(GEMM_TILE * GEMM_TILE);
    int tx = threadIdxX();
    int ty = threadIdxY();
    int row = blockIdxY() * GEMM_TILE + ty;
    int col = blockIdxX() * GEMM_TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < n; t += GEMM_TILE) {
      as[ty * GEMM_TILE + tx] = a[row * n + t + tx];
      bs[ty * GEMM_TILE + tx] = b[(t + ty) * n + col];
      syncThreads();
      for (int k = 0; k < GEMM_TILE; ++k) {
        acc += as[ty * GEMM_TILE + k] * bs[k * GEMM_TILE + tx];
      }
      syncThreads();
    }
    c[row * n + col] = acc;
  }

  /**
   * 7. {@code out[c * rows + r] = in[r * cols + c]}: {@code out} becomes the {@code cols x rows}
   * transpose of the row-major {@code rows x cols} matrix {@code in}, bit for bit, through a padded
   * 32 x 33 shared tile. Launch: grid {@code (ceil(cols / 32), ceil(rows / 32))}, block {@code (32,
   * 8)}.
   */
  @Kernel
  public static void transpose(int rows, int cols, @ReadOnly float[] in, float[] out) {
    float[] tile = sharedFloats(TRANSPOSE_TILE * TRANSPOSE_PITCH);
    int x = blockIdxX() * TRANSPOSE_TILE + threadIdxX(); // input column
    int y = blockIdxY() * TRANSPOSE_TILE + threadIdxY(); // input row
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_ROWS) {
      if (x < cols && y + j < rows) {
        tile[(threadIdxY() + j) * TRANSPOSE_PITCH + threadIdxX()] = in[(y + j) * cols + x];
      }
    }
    syncThreads();
    x = blockIdxY() * TRANSPOSE_TILE + threadIdxX(); // output column (an input row)
    y = blockIdxX() * TRANSPOSE_TILE + threadIdxY(); // output row (an input column)
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_ROWS) {
      if (x < rows && y + j < cols) {
        out[(y + j) * rows + x] = tile[threadIdxX() * TRANSPOSE_PITCH + threadIdxY() + j];
      }
    }
  }
}
