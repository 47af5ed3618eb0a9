package diag;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

public final class ReadOnlyStores {
  @Kernel
  public static void writesReadOnly(@ReadOnly float[] in, float[] out) {
    in[0] = out[0]; //! error: stores to a @ReadOnly array are not allowed
  }
}
