package diag;

import dev.jptx.Kernel;

public final class MinBlocksWithoutMaxThreads {
  @Kernel(minBlocksPerMultiprocessor = 2)
  public static void minBlocksAlone(int[] out) {
    out[0] = 1; //! error: minBlocksPerMultiprocessor needs maxThreadsPerBlock
  }
}
