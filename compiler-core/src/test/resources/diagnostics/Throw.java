package diag;

import dev.jptx.Kernel;

public final class Throw {
  @Kernel
  public static void throwsException(int[] out) {
    if (out.length == 0) {
      throw new IllegalStateException("empty"); //! error: exceptions (throw new java.lang.IllegalStateException) are not supported in kernels
    }
    out[0] = 1;
  }
}
