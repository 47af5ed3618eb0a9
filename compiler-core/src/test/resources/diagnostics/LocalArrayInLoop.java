package diag;

import dev.jptx.Kernel;

public final class LocalArrayInLoop {
  @Kernel
  public static void keepsThePreviousArray(int[] out) {
    int[] prev = new int[4];
    for (int i = 0; i < 8; i++) {
      int[] cur = new int[4]; //! error: a local array allocated in a loop is used after the loop allocated the next one (both would share one slot of local memory): allocate it before the loop
      cur[0] = prev[0] + i;
      prev = cur;
    }
    out[0] = prev[0];
  }
}
