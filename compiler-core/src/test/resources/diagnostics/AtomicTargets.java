package diag;

import dev.jptx.Gpu;
import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

public final class AtomicTargets {
  static final int[] TABLE = {1, 2, 3};

  @Kernel
  public static void onReadOnly(@ReadOnly int[] a, int[] out) {
    out[0] = Gpu.atomicAdd(a, 0, 1); //! error: Gpu.atomicAdd on a read-only array (a @ReadOnly parameter or a static final table) is not allowed
  }

  @Kernel
  public static void onTable(int[] out) {
    out[0] = Gpu.atomicOr(TABLE, 1, 4); //! error: Gpu.atomicOr on a read-only array (a @ReadOnly parameter or a static final table) is not allowed
  }

  @Kernel
  public static void onLocalArray(long[] out) {
    long[] local = new long[4];
    out[0] = Gpu.atomicMax(local, 0, 1L); //! error: Gpu.atomicMax on a local array (new long[...]) is not supported: atomics work on global or shared memory
  }
}
