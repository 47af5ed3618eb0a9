package diag;

import dev.jptx.Kernel;

public final class StringConcatenation {
  @Kernel
  public static void concatenates(int[] out) {
    String s = "length " + out.length; //! error: string concatenation is not supported in kernels
    out[0] = 1;
  }
}
