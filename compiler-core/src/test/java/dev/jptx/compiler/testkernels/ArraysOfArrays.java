package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/**
 * Arrays of arrays: {@code float[][]} parameters with ragged rows (passed as a row table and a
 * length table), rows taken out and passed on, and local {@code new T[r][c]} blocks.
 */
public final class ArraysOfArrays {
  private ArraysOfArrays() {}

  /** Thread {@code i} sums row {@code i} into {@code sums[i]} and scales the row in place. */
  @Kernel
  public static void rowSums(float[][] rows, float[] sums, float scale) {
    int i = globalIdX();
    if (i >= rows.length) {
      return;
    }
    float s = 0;
    for (int j = 0; j < rows[i].length; j++) {
      s += rows[i][j];
      rows[i][j] = rows[i][j] * scale;
    }
    sums[i] = s;
  }

  /** {@code float[] row = a[i]}, then the row used as any array, and passed to a helper. */
  @Kernel
  public static void rowThroughHelper(int[][] a, int[] out) {
    int i = globalIdX();
    if (i >= a.length) {
      return;
    }
    int[] row = a[i];
    out[i] = sum(row) * 31 + row.length;
    if (row.length > 0) {
      row[row.length - 1] = i;
    }
  }

  /**
   * Thread {@code i} adds to elements {@code i, i + a.length, ...} of row {@code i}, which other
   * rows may share.
   */
  @Kernel
  public static void addOne(long[][] a, long inc) {
    int i = globalIdX();
    if (i >= a.length) {
      return;
    }
    long[] row = a[i];
    for (int j = i; j < row.length; j += a.length) {
      row[j] += inc;
    }
  }

  /** Row 0 is {@code b} itself: a store through {@code b} is seen through the row. */
  @Kernel
  public static void rowIsArgument(int[][] a, int[] b) {
    int i = globalIdX();
    if (i >= b.length) {
      return;
    }
    b[i] = b[i] * 2 + 1;
    a[1][i] = a[0][i];
  }

  /** A {@code double[][]} handed whole to a device function. */
  @Kernel
  public static void wholeToHelper(double[][] a, double[] out) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    out[i] = column(a, i % 3);
  }

  /** A local {@code float[4][8]}, filled and read in loops, with a variable row. */
  @Kernel
  public static void localGrid(float[] in, float[] out) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    float[][] g = new float[4][8];
    for (int r = 0; r < g.length; r++) {
      for (int c = 0; c < g[r].length; c++) {
        g[r][c] = in[(i + r * 8 + c) % in.length] * (r + 1);
      }
    }
    int pick = i & 3;
    float[] row = g[pick];
    float s = 0;
    for (int c = 0; c < row.length; c++) {
      s += row[c] - g[3 - pick][7 - c];
    }
    out[i] = s + g[1][2];
  }

  /** A local {@code int[3][5]}: untouched elements stay zero, the row passed to a helper. */
  @Kernel
  public static void localZeroed(int[] out) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    int[][] g = new int[3][5];
    g[i % 3][i % 5] = i;
    g[2][4] += 7;
    out[i] = sum(g[i % 3]) + sum(g[2]) * 100 + g.length * 10000 + g[0].length;
  }

  /** {@code a[r][c]}: for the index checks. */
  @Kernel
  public static void elementAt(int[][] a, int r, int c, int[] out) {
    out[0] = a[r][c];
  }

  /**
   * {@code g[r][c]} of a local {@code int[3][5]}: for the index checks, which must catch {@code
   * g[0][5]} though it lies inside the block.
   */
  @Kernel
  public static void localElementAt(int r, int c, int[] out) {
    int[][] g = new int[3][5];
    g[1][0] = 9;
    out[0] = g[r][c];
  }

  private static int sum(int[] a) {
    int s = 0;
    for (int v : a) {
      s += v;
    }
    return s;
  }

  private static double column(double[][] a, int c) {
    double s = 0;
    for (double[] row : a) {
      if (c < row.length) {
        s += row[c];
      }
    }
    return s;
  }
}
