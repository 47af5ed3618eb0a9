package diag;

import dev.jptx.Kernel;

public final class KernelShape {
  private int field;

  @Kernel
  public void instanceMethod(int[] out) {
    out[0] = field; //! error: a kernel must be static
  }

  @Kernel
  public static int returnsValue(int[] out) {
    return out[0]; //! error: a kernel must return void
  }

  @Kernel
  static void packagePrivate(int[] out) {
    out[0] = 1; //! error: a kernel must be public
  }

  @Kernel
  private int everythingWrong(int[] out) {
    return out[0]; //! error: a kernel must be static //! error: a kernel must be public //! error: a kernel must return void
  }
}
