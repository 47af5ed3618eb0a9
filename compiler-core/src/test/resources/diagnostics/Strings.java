package diag;

import dev.jptx.Kernel;

public final class Strings {
  @Kernel
  public static void stringLocal(int[] out) {
    String s = "abc"; //! error: strings are not supported in kernels (only as the format literal of Gpu.printf)
    out[0] = s.length(); //! error: virtual call (java.lang.String.length) is not supported in kernels
  }

  @Kernel
  public static void stringMethod(int[] out) {
    out[0] = "abc".indexOf('b'); //! error: strings are not supported in kernels (only as the format literal of Gpu.printf)
  }
}
