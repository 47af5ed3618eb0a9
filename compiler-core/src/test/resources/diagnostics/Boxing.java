package diag;

import dev.jptx.Kernel;

public final class Boxing {
  @Kernel
  public static void boxes(int[] out) {
    Integer boxed = out[0]; //! error: boxing (java.lang.Integer.valueOf) is not supported in kernels
    out[1] = boxed; //! error: unboxing (java.lang.Integer.intValue) is not supported in kernels
  }

  @Kernel
  public static void boxesDouble(double[] out) {
    Object o = out[0]; //! error: boxing (java.lang.Double.valueOf) is not supported in kernels
  }
}
