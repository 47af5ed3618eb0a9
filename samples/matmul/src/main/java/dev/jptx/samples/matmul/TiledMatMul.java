package dev.jptx.samples.matmul;

import static dev.jptx.Gpu.blockIdxX;
import static dev.jptx.Gpu.blockIdxY;
import static dev.jptx.Gpu.sharedFloats;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;
import static dev.jptx.Gpu.threadIdxY;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Matrix multiply through shared-memory tiles: each block computes a 16 x 16 tile of the result,
 * staging one 16 x 16 tile of each operand at a time, so each element is read from global memory 16
 * times less often than in the naive kernel.
 */
public final class TiledMatMul {
  /** The tile edge: the block is {@code TILE x TILE} threads. */
  public static final int TILE = 16;

  private TiledMatMul() {}

  /**
   * {@code c = a * b} for {@code n x n} row-major matrices: {@code c[r * n + col] = sum of a[r * n
   * + k] * b[k * n + col]}, {@code k} ascending. Java has no 2D shared arrays: a tile is one array
   * indexed {@code row * TILE + column}, CUDA's layout for {@code float tile[TILE][TILE]}. Launch:
   * grid {@code (ceil(n / 16), ceil(n / 16))}, block {@code (16, 16)}; any {@code n}.
   */
  @Kernel(maxThreadsPerBlock = TILE * TILE)
  public static void matMul(int n, @ReadOnly float[] a, @ReadOnly float[] b, float[] c) {
    float[] aTile = sharedFloats(TILE * TILE);
    float[] bTile = sharedFloats(TILE * TILE);
    int tx = threadIdxX();
    int ty = threadIdxY();
    int row = blockIdxY() * TILE + ty;
    int col = blockIdxX() * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < n; t += TILE) {
      // each thread loads one element of each tile; zeros pad the edges when n % 16 != 0
      aTile[ty * TILE + tx] = row < n && t + tx < n ? a[row * n + t + tx] : 0.0f;
      bTile[ty * TILE + tx] = t + ty < n && col < n ? b[(t + ty) * n + col] : 0.0f;
      syncThreads(); // the tiles are complete
      for (int k = 0; k < TILE; k++) {
        acc += aTile[ty * TILE + k] * bTile[k * TILE + tx];
      }
      syncThreads(); // everyone is done with the tiles before the next loads overwrite them
    }
    if (row < n && col < n) {
      c[row * n + col] = acc;
    }
  }
}
