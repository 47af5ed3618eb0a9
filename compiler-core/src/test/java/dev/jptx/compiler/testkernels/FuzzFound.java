package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.FULL_MASK;
import static dev.jptx.Gpu.anySync;
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

  /**
   * A condition folding decides ({@code (byte) 16 >= (short) -2}) merged with one it cannot: the
   * {@code || true} became {@code mov.pred %p, -1}, which the simulator kept as -1, so {@code
   * not.pred} of it was -2, read as true. Predicate immediates are one bit now, and {@code c |
   * true} folds to true.
   */
  @Kernel
  public static void predicateConstants(int p, int[] out) {
    boolean b = Double.isInfinite((double) p) || ((byte) 16) >= ((short) -2);
    if ((b == b) != (b || b)) {
      return;
    }
    out[globalIdX()] = b ? 1 : 0;
  }

  static short down(int depth) {
    int d = depth & 7;
    if (d == 0) {
      return 0;
    }
    short unused = down(d - 1);
    return 0;
  }

  /**
   * ptxas 13.0 crashes (a segmentation fault, sm_90, -O1 and up) on an entry with a parameter, a
   * warp vote, and a call of a recursive function behind a branch that ptxas's own folding proves
   * never taken: jptx left {@code 0 <= (c ? 65441 : 65505)} unfolded (the constant first, as javac
   * writes it), so the dead call reached ptxas. It folds now, and the call is gone before ptxas.
   * Fuzz kernel {@code 0x9250ae66ca765599}, reduced.
   */
  @Kernel(maxThreadsPerBlock = 256, maxRegisters = 32)
  public static void deadRecursiveCall(int[] out) {
    boolean v = anySync(FULL_MASK, false);
    if (((char) 0) <= (v ? ((char) 65441) : ((char) 65505))) {
      return;
    }
    short unused = down(0);
  }
}
