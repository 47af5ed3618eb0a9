package diag;

import dev.jptx.Kernel;

public final class TryFinally {
  @Kernel
  public static void cleansUp(int[] out) {
    try {
      out[0] = out[1] / out[2]; //! error: exceptions (try/finally) are not supported in kernels
    } finally {
      out[3] = 1;
    }
  }
}
