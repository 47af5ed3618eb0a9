package diag;

import dev.jptx.Kernel;

public final class VirtualCall {
  @Kernel
  public static void hashes(int[] out) {
    out[0] = out.hashCode(); //! error: virtual call (java.lang.Object.hashCode) is not supported in kernels
  }

  @Kernel
  public static void clones(int[] out) {
    int[] copy = out.clone(); //! error: virtual call (int[].clone) is not supported in kernels
  }
}
