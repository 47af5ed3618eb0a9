package diag;

import dev.jptx.Kernel;

public final class ArrayReturns {
  @Kernel
  public static void returnsLocal(int[] out) {
    int[] t = fresh();
    out[0] = t[0];
  }

  static int[] fresh() {
    int[] a = new int[4];
    a[0] = 1;
    return a; //! error: in device function diag.ArrayReturns.fresh: a device function cannot return a local array (new int[...]): its frame is gone once it returns; take the array as a parameter, or return a parameter, a shared array or a static table
  }

  @Kernel
  public static void returnsRows(int[][] grid, int[] out) {
    out[0] = same(grid)[0][0]; //! error: device function diag.ArrayReturns.same: returning int[][] is not supported (only primitives, primitive arrays and records of primitives)
  }

  static int[][] same(int[][] grid) {
    return grid;
  }
}
