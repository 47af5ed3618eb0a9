package diag;

import dev.jptx.Kernel;

public final class MultiDimensionalArrays {
  @Kernel
  public static void allocates(int[] out) {
    int[][] grid = new int[2][3]; //! error: multi-dimensional arrays are not supported in kernels
    int[][] rows = new int[2][]; //! error: multi-dimensional arrays are not supported in kernels
    out[0] = 1;
  }

  @Kernel
  public static void parameter(int[][] grid) {
    grid[0][0] = 1; //! error: parameter 1 (grid) has type int[][]; kernel parameters are primitives and one-dimensional primitive arrays
  }
}
