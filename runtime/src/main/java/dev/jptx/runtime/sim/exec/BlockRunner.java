package dev.jptx.runtime.sim.exec;

/**
 * Runs the threads of one block to completion. Threads run one at a time, each until it exits or
 * waits at a barrier or warp operation (independent thread scheduling, as on sm_70 and newer); when
 * every live thread waits and no collective can complete, the block is deadlocked and the launch
 * fails saying what waits where.
 */
final class BlockRunner {
  private BlockRunner() {}

  static void run(BlockContext block) {
    Code kernel = block.launch.kernel;
    for (ThreadState t : block.threads) {
      Frames.enterKernel(t, kernel);
    }
    int remaining = block.threads.length;
    while (remaining > 0) {
      boolean progress = false;
      for (ThreadState t : block.threads) {
        if (t.exited || t.blocked) {
          continue;
        }
        progress = true;
        Interpreter.run(t);
        if (t.exited) {
          remaining--;
          try {
            block.exited(t);
          } catch (SimulationError e) {
            throw new SimulationError(e.getMessage() + ", in block " + block.coordinates(), e);
          }
        }
      }
      if (!progress) {
        throw new SimulationError(
            "deadlock in block "
                + block.coordinates()
                + ": every live thread waits;"
                + block.barriers.describeWaiting()
                + block.warps.describeWaiting());
      }
    }
  }
}
