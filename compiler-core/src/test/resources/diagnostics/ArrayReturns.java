package diag;

import dev.jptx.Kernel;
import dev.jptx.NoInline;

public final class ArrayReturns {
  @Kernel
  public static void returnsLocalOutOfLine(int[] out) {
    int[] t = fresh();
    out[0] = t[0];
  }

  @NoInline
  static int[] fresh() {
    int[] a = new int[4];
    a[0] = 1;
    return a; //! error: in device function diag.ArrayReturns.fresh: a device function that returns a local array of its own (new int[...]) is always inlined, since a .func's frame is gone once it returns, but it is @NoInline: remove @NoInline, or take the array as a parameter
  }

  // one mistake, one error: fresh's own; its calls are not also reported as allocations in a loop
  @Kernel
  public static void keepsAnOutOfLineResult(int[] out) {
    int[] prev = fresh();
    for (int i = 0; i < 4; i++) {
      int[] cur = fresh();
      cur[0] += prev[0];
      prev = cur;
    }
    out[0] = prev[0];
  }

  @Kernel
  public static void returnsLocalRecursively(int[] out) {
    out[0] = countdown(3)[0];
  }

  static int[] countdown(int n) {
    if (n == 0) {
      int[] a = new int[2];
      a[0] = 5;
      return a; //! error: in device function diag.ArrayReturns.countdown: a device function that returns a local array of its own (new int[...]) is always inlined, since a .func's frame is gone once it returns, but it is recursive, so it cannot be: take the array as a parameter
    }
    return countdown(n - 1);
  }

  @Kernel
  public static void returnsLocalThroughACycle(float[] out) {
    out[0] = ping(4)[0];
  }

  static float[] ping(int n) {
    float[] a = new float[2];
    a[0] = n;
    return n == 0 ? a : pong(n); //! error: in device function diag.ArrayReturns.ping: a device function that returns a local array of its own (new float[...]) is always inlined, since a .func's frame is gone once it returns, but it is recursive, so it cannot be: take the array as a parameter
  }

  static float[] pong(int n) {
    return ping(n - 1);
  }

  @Kernel
  public static void passesOnAHelpersLocal(int[] out) {
    out[0] = outOfLine()[0];
  }

  @NoInline
  static int[] outOfLine() {
    return helperLocal(); //! error: in device function diag.ArrayReturns.outOfLine: a device function that returns a local array (new int[...] in diag.ArrayReturns.helperLocal) is always inlined, since a .func's frame is gone once it returns, but it is @NoInline: remove @NoInline, or take the array as a parameter
  }

  static int[] helperLocal() {
    return new int[3];
  }

  @Kernel
  public static void returnsRows(int[][] grid, int[] out) {
    out[0] = same(grid)[0][0]; //! error: device function diag.ArrayReturns.same: returning int[][] is not supported (only primitives, primitive arrays and records of primitives)
  }

  static int[][] same(int[][] grid) {
    return grid;
  }
}
