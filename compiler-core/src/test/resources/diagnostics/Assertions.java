package diag;

import dev.jptx.Kernel;

public final class Assertions {
  @Kernel
  public static void asserts(int[] out) {
    assert out.length > 0; //! error: assert statements are not supported in kernels
    out[0] = 1;
  }
}
