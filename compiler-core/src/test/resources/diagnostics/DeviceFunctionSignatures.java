package diag;

import dev.jptx.Kernel;

public final class DeviceFunctionSignatures {
  @Kernel
  public static void passesAnObject(int[] out) {
    out[0] = first(out); //! error: device function diag.DeviceFunctionSignatures.first: parameters of type java.lang.Object are not supported (primitives, primitive arrays and arrays of primitive arrays are)
  }

  static int first(Object array) {
    return 1;
  }
}
