package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** Loops whose indices and values are affine in the loop counter: strength reduction's inputs. */
public final class AffineLoops {
  private AffineLoops() {}

  /**
   * Each thread fills its row with {@code (k*m + 7)*3 - 4*k + base}: with a large {@code m} the
   * 32-bit arithmetic wraps, and the stored values show whether it wraps as Java's does.
   */
  @Kernel
  public static void wrappingValues(int[] out, int count, int m, int base) {
    int i = globalIdX();
    if (i < out.length / count) {
      for (int k = 0; k < count; k++) {
        out[i * count + k] = (k * m + 7) * 3 - (k << 2) + base;
      }
    }
  }

  /** Strided gathers through {@code a[10k + 5]}, counting up by 2 and down by 3. */
  @Kernel
  public static void stridedSums(float[] a, float[] out, int n) {
    int i = globalIdX();
    if (i < n) {
      float w = i * 0.5f;
      float up = 0;
      for (int k = 0; k < 80; k += 2) {
        up += a[(k * 7 - (k << 1)) * 2 + 5] * w;
      }
      float down = 0;
      for (int k = 90; k >= 0; k -= 3) {
        down += a[(k * 7 - (k << 1)) * 2 + 5] - w;
      }
      out[i] = up - down;
    }
  }

  /**
   * One thread per row {@code r}: {@code out[r][k - from] = (k*3 + 1)*5 + r} for {@code k} from
   * {@code from} to {@code to - 1}; with {@code to} at {@code Integer.MAX_VALUE} the counter ends
   * just below the int limit and the values wrap.
   */
  @Kernel
  public static void nearLimit(int[] out, int rows, int from, int to) {
    int r = globalIdX();
    if (r < rows) {
      int width = to - from;
      for (int k = from; k < to; k++) {
        out[r * width + (k - from)] = ((k << 3) - k) * 5 - r;
      }
    }
  }

  /** Nested loops: the inner one's index and value are affine in its counter, the outer's not. */
  @Kernel
  public static void nested(int[] out, int rows, int cols, int m) {
    if (globalIdX() != 0) {
      return;
    }
    for (int r = 0; r < rows; r++) {
      int row = r * cols;
      for (int c = 0; c < cols; c++) {
        out[row + c] = ((c * m - r) * 5 - 1) * 7;
      }
    }
  }
}
