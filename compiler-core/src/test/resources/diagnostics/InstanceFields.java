package diag;

import dev.jptx.Kernel;

public final class InstanceFields {
  static final class Holder {
    int value;
  }

  @Kernel
  public static void usesFields(int[] out) {
    Holder h = new Holder(); //! error: object allocation (new diag.InstanceFields$Holder) is not supported in kernels
    h.value = out[0]; //! error: writing instance field diag.InstanceFields$Holder.value is not supported in kernels
    out[1] = h.value; //! error: reading instance field diag.InstanceFields$Holder.value is not supported in kernels
  }
}
