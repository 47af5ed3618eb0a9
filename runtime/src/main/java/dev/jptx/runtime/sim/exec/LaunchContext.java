package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.GlobalMemory;
import dev.jptx.runtime.sim.Region;
import dev.jptx.runtime.sim.StateSpace;
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

  LaunchContext(
      Program program,
      Code kernel,
      GlobalMemory global,
      byte[] params,
      int[] grid,
      int[] block,
      int dynamicShared,
      PrintStream out) {
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
  }
}
