package diag;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

public final class MultiDimensionalArrays {
  @Kernel
  public static void nonConstantRows(int[] out, int n) {
    int[][] grid = new int[n][4]; //! error: the sizes of a local array of arrays (new int[...][...]) must be compile-time constants
    grid[0][1] = 2;
    out[0] = grid[1][1] + grid.length + grid[0].length;
  }

  @Kernel
  public static void nonConstantColumns(int[] out, int n) {
    int[][] grid = new int[4][n]; //! error: the length of a local array (new int[4][...]) must be a compile-time constant
    grid[0][1] = 2;
    out[0] = grid[1][1];
  }

  @Kernel
  public static void tooLarge(long[] out) {
    long[][] big = new long[1024][1024]; //! error: local array new long[1024][1024] is larger than 524288 bytes
    out[0] = big[1][2];
  }

  @Kernel
  public static void rowsAssigned(int[] out) {
    int[][] rows = new int[2][]; //! error: new int[n][] is not supported in kernels: give both sizes as constants (new int[4][8])
    rows[0] = new int[3];
    rows[1] = out;
    out[0] = rows[0][0];
  }

  @Kernel
  public static void threeDimensions(int[] out) {
    int[][][] cube = new int[2][3][4]; //! error: arrays of more than two dimensions, and arrays of arrays of objects, are not supported in kernels (new int[][][])
    out[0] = cube[1][2][3];
  }

  @Kernel
  public static void rowReplaced(int[][] grid, int[] out) {
    grid[0] = out; //! error: assigning a row of an array of arrays is not supported in kernels (write its elements instead)
    out[0] = grid[1][0];
  }

  @Kernel
  public static void readOnlyRows(@ReadOnly float[][] grid, float[] out) {
    out[0] = grid[0][0]; //! error: @ReadOnly is not supported on an array of arrays (its rows may be shared with other arguments)
  }

  @Kernel
  public static void localToHelper(float[] out) {
    float[][] g = new float[2][2];
    out[0] = first(g); //! error: a local array of arrays cannot be passed to a device function (pass its rows one by one)
    out[1] = g[1][1];
  }

  @Kernel
  public static void localOrParameter(float[][] p, float[] out, int k) {
    float[][] g = k > 0 ? p : new float[2][2]; //! error: an array of arrays that comes from different places (a local array, a parameter) on different paths is not supported in kernels
    out[0] = g[0][0];
  }

  @Kernel
  public static void parameter(int[][][] cube) {
    cube[0][0][0] = 1; //! error: parameter 1 (cube) has type int[][][]; kernel parameters are primitives, primitive arrays, arrays of primitive arrays and records of primitives
  }

  static float first(float[][] g) {
    return g[0][0];
  }
}
