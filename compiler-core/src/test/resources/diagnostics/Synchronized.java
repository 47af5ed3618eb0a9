package diag;

import dev.jptx.Kernel;

public final class Synchronized {
  @Kernel
  public static void block(int[] out) {
    synchronized (out) { //! error: synchronized is not supported in kernels
      out[0] = 1;
    }
  }

  @Kernel
  public static synchronized void method(int[] out) {
    out[0] = 1; //! error: synchronized is not supported in kernels
  }
}
