package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.memory.GlobalMemory;
import dev.jptx.runtime.sim.memory.Region;
import dev.jptx.runtime.sim.ptx.StateSpace;
import java.io.PrintStream;

/** What every block of one launch shares: geometry, memory, the program, and the counters. */
final class LaunchContext {
  final Program program;
  final Code kernel;
  final GlobalMemory global;
  final Region paramRegion;
  final int gridX;
  final int gridY;
  final int gridZ;
  final int blockX;
  final int blockY;
  final int blockZ;
  final int threadsPerBlock;
  final int dynamicShared;
  final long[] counts;
  final PrintStream out;

  /** What {@code %clock} reads: a counter that only moves forward, so timing loops terminate. */
  long clock;

  /** Instructions between two checks of the deadline and of the launching thread's interrupt. */
  static final int POLL_INTERVAL = 1 << 16;

  /** Instructions left until the next {@link #poll}. */
  int countdown = POLL_INTERVAL;

  final long stackBytes;
  private final long deadline;
  private final String timeout;
  private final Thread launcher = Thread.currentThread();

  LaunchContext(
      Program program,
      Code kernel,
      GlobalMemory global,
      byte[] params,
      int[] grid,
      int[] block,
      int dynamicShared,
      PrintStream out,
      LaunchLimits limits) {
    this.program = program;
    this.kernel = kernel;
    this.global = global;
    this.paramRegion = new Region(StateSpace.PARAM, 0, params.length, "kernel parameters");
    System.arraycopy(params, 0, paramRegion.bytes(), 0, params.length);
    this.gridX = grid[0];
    this.gridY = grid[1];
    this.gridZ = grid[2];
    this.blockX = block[0];
    this.blockY = block[1];
    this.blockZ = block[2];
    this.threadsPerBlock = block[0] * block[1] * block[2];
    this.dynamicShared = dynamicShared;
    this.counts = new long[program.opcodeCount()];
    this.out = out;
    this.stackBytes = limits.stackBytes();
    long now = System.nanoTime();
    this.deadline =
        limits.timeout() == null
            ? Long.MAX_VALUE
            : now + Math.min(limits.timeout().toNanos(), Long.MAX_VALUE / 2);
    this.timeout = limits.timeout() == null ? null : limits.timeout().toString();
  }

  /**
   * Checks whether the launch must stop, every {@link #POLL_INTERVAL} instructions.
   *
   * @throws LaunchStopped if its timeout passed or the launching thread was interrupted (whose
   *     interrupt status stays set, for the caller to see)
   */
  void poll() {
    countdown = POLL_INTERVAL;
    if (launcher.isInterrupted()) {
      throw new LaunchStopped("was interrupted");
    }
    if (System.nanoTime() - deadline > 0) {
      throw new LaunchStopped("did not finish within " + timeout + " (Launch.timeout)");
    }
  }
}
