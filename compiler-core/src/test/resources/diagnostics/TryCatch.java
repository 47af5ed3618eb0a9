package diag;

import dev.jptx.Kernel;

public final class TryCatch {
  @Kernel
  public static void catches(int[] out) {
    try {
      out[0] = out[1] / out[2]; //! error: exceptions (try/catch) are not supported in kernels
    } catch (ArithmeticException e) {
      out[0] = 0;
    }
  }
}
