package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** Kernels the random differential tests found a bug with, reduced, kept as regression tests. */
public final class FuzzFound {
  private FuzzFound() {}

  /**
   * Dead code in both arms of an {@code if} leaves branches to the very next block; printed as
   * {@code @p bra L; L:} they made ptxas 13 crash (sm_75) or fail (sm_80, sm_90).
   */
  @Kernel
  public static void branchesToTheNextBlock(boolean p, int[] out) {
    if (p) {
      boolean v = (!p) == ((p & p) && p);
    } else {
      out[globalIdX()] = 0;
    }
    if (p) {
      boolean v = (!p) == ((p & p) && p);
    } else {
    }
  }
}
