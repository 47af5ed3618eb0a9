package diag;

import dev.jptx.Kernel;

public final class NullReferences {
  @Kernel
  public static void nullLocal(int[] out) {
    int[] none = null; //! error: null references are not supported in kernels
    out[0] = 1;
  }

  @Kernel
  public static void nullCheck(int[] out) {
    if (out != null) { //! error: null checks are not supported in kernels
      out[0] = 1;
    }
  }
}
