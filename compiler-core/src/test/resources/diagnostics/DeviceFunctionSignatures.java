package diag;

import dev.jptx.Kernel;

public final class DeviceFunctionSignatures {
  @Kernel
  public static void passesAnObject(int[] out) {
    out[0] = first(out); //! error: device function diag.DeviceFunctionSignatures.first: parameters of type java.lang.Object are not supported (primitives, primitive arrays, arrays of primitive arrays and records of primitives are)
  }

  static int first(Object array) {
    return 1;
  }
}
