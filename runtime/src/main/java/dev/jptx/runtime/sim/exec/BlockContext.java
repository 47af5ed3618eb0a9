package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.memory.Region;
import dev.jptx.runtime.sim.ptx.StateSpace;

/**
 * One block (CTA) being simulated: its threads, its shared memory, and the state of its barriers
 * and warp-wide operations.
 */
final class BlockContext {
  final LaunchContext launch;
  final int ctaX;
  final int ctaY;
  final int ctaZ;
  final ThreadState[] threads;
  final Region shared;
  final Barriers barriers;
  final WarpCollectives warps;
  int live;

  BlockContext(LaunchContext launch, int ctaX, int ctaY, int ctaZ) {
    this.launch = launch;
    this.ctaX = ctaX;
    this.ctaY = ctaY;
    this.ctaZ = ctaZ;
    this.threads = new ThreadState[launch.threadsPerBlock];
    int i = 0;
    for (int z = 0; z < launch.blockZ; z++) {
      for (int y = 0; y < launch.blockY; y++) {
        for (int x = 0; x < launch.blockX; x++) {
          threads[i] = new ThreadState(this, x, y, z, i);
          i++;
        }
      }
    }
    this.live = threads.length;
    int sharedSize = launch.program.staticSharedBytes() + launch.dynamicShared;
    this.shared = new Region(StateSpace.SHARED, 0, sharedSize, "shared memory of the block");
    launch.program.initializeShared(shared);
    this.barriers = new Barriers(this);
    this.warps = new WarpCollectives(this);
  }

  /** {@code (x,y,z)} of this block. */
  String coordinates() {
    return "(" + ctaX + "," + ctaY + "," + ctaZ + ")";
  }

  /** Called when {@code t} exits: waiting collectives may now be complete, or broken. */
  void exited(ThreadState t) {
    live--;
    barriers.threadExited();
    warps.threadExited(t);
  }
}
