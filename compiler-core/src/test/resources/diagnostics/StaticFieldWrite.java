package diag;

import dev.jptx.Kernel;

public final class StaticFieldWrite {
  private static int counter;

  @Kernel
  public static void writes(int[] out) {
    counter = out[0]; //! error: writing static field diag.StaticFieldWrite.counter is not supported in kernels
  }
}
