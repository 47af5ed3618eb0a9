package diag;

import dev.jptx.Kernel;

public final class Lambdas {
  @Kernel
  public static void lambda(int[] out) {
    Runnable r = () -> out[0] = 1; //! error: lambdas are not supported in kernels
    r.run(); //! error: interface call (java.lang.Runnable.run) is not supported in kernels
  }
}
