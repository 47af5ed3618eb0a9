package diag;

import dev.jptx.Kernel;

public final class ObjectArrays {
  @Kernel
  public static void allocates(int[] out) {
    Object[] things = new Object[4]; //! error: arrays of objects are not supported in kernels
    out[0] = 1;
  }

  @Kernel
  public static void parameter(String[] names, int[] out) {
    out[0] = 1; //! error: parameter 1 (names) has type java.lang.String[]; kernel parameters are primitives, primitive arrays, arrays of primitive arrays and records of primitives
  }
}
