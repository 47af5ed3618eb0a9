package diag;

import dev.jptx.Kernel;

public final class TypeChecks {
  @Kernel
  public static void checksAndCasts(int[] out) {
    Object o = out;
    if (o instanceof int[]) { //! error: type checks (instanceof int[]) are not supported in kernels
      out[0] = 1;
    }
    int[] back = (int[]) o; //! error: casts of references (to int[]) are not supported in kernels
  }
}
