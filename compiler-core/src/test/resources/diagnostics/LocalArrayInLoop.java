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

  @Kernel
  public static void keepsThePreviousResult(int[] out) {
    int[] prev = fresh(0);
    for (int i = 0; i < 8; i++) {
      int[] cur = fresh(i); //! error: the local array diag.LocalArrayInLoop.fresh returns is made in this loop and used after (or by) the next call, which makes the next one (inlined, its new array is one slot of local memory here, shared by every call): call it before the loop, or pass it the array to fill
      cur[0] += prev[0];
      prev = cur;
    }
    out[0] = prev[0];
  }

  static int[] fresh(int v) {
    int[] a = new int[4];
    a[0] = v;
    return a;
  }

  @Kernel
  public static void passesThePreviousResult(int[] out) {
    int[] cur = fresh(1);
    for (int i = 0; i < 8; i++) {
      cur = next(cur); //! error: the local array diag.LocalArrayInLoop.next returns is made in this loop and used after (or by) the next call, which makes the next one (inlined, its new array is one slot of local memory here, shared by every call): call it before the loop, or pass it the array to fill
    }
    out[0] = cur[0];
  }

  static int[] next(int[] a) {
    int[] b = new int[4];
    b[0] = a[0] + 1;
    return b;
  }

  @Kernel
  public static void usesEachResultInItsIteration(int[] out) {
    int[] last = fresh(0);
    for (int i = 0; i < out.length; i++) {
      last = fresh(i);
      out[i] = last[0];
    }
    out[0] += last[0];
  }
}
