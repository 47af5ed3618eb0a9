package diag;

import dev.jptx.Kernel;

public final class StaticFieldRead {
  private static int counter;

  @Kernel
  public static void reads(int[] out) {
    out[0] = counter; //! error: reading static field diag.StaticFieldRead.counter is not supported in kernels: only static final constants are
  }
}
