package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.syncThreadsAnd;
import static dev.jptx.Gpu.syncThreadsCount;
import static dev.jptx.Gpu.syncThreadsOr;
import static dev.jptx.Gpu.threadFence;
import static dev.jptx.Gpu.threadFenceBlock;
import static dev.jptx.Gpu.threadFenceSystem;

import dev.jptx.Kernel;

/** Block barriers that reduce a predicate, constant predicates included, and the fences. */
public final class BarrierKernels {
  private BarrierKernels() {}

  @Kernel
  public static void reductions(int[] in, int[] out) {
    int i = globalIdX();
    int v = in[i];
    out[5 * i] = syncThreadsCount((v & 3) == 0);
    out[5 * i + 1] = syncThreadsAnd(v != 12345) ? 1 : 0;
    out[5 * i + 2] = syncThreadsOr(v == 777) ? 1 : 0;
    out[5 * i + 3] = syncThreadsCount(true);
    threadFenceBlock();
    out[5 * i + 4] = syncThreadsAnd(true) && !syncThreadsOr(false) ? 1 : 0;
    threadFence();
    threadFenceSystem();
  }
}
