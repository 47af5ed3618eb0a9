package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.memory.GlobalMemory;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs one launch: every block of the grid, one after another, on the calling thread, so that a
 * launch is deterministic. Returns the dynamic instruction counts per opcode text.
 */
public final class Simulator {
  private Simulator() {}

  /** The counts of one finished launch. */
  public record Counts(long total, Map<String, Long> byOpcode) {}

  /**
   * Launches {@code entry} of {@code program} on a grid of {@code grid} blocks of {@code block}
   * threads with the parameter buffer {@code params}.
   *
   * @throws SimulationError naming the PTX line, thread and block of the first failing access
   * @throws LaunchStopped if {@code limits}' timeout passed or the calling thread was interrupted
   */
  public static Counts launch(
      Program program,
      KernelEntry entry,
      GlobalMemory memory,
      byte[] params,
      int[] grid,
      int[] block,
      int dynamicSharedBytes,
      PrintStream out,
      LaunchLimits limits) {
    LaunchContext l =
        new LaunchContext(
            program, entry.code, memory, params, grid, block, dynamicSharedBytes, out, limits);
    for (int z = 0; z < grid[2]; z++) {
      for (int y = 0; y < grid[1]; y++) {
        for (int x = 0; x < grid[0]; x++) {
          BlockRunner.run(new BlockContext(l, x, y, z));
        }
      }
    }
    Map<String, Long> byOpcode = new LinkedHashMap<>();
    long total = 0;
    for (int i = 0; i < l.counts.length; i++) {
      if (l.counts[i] > 0) {
        byOpcode.put(program.opcodes.get(i), l.counts[i]);
        total += l.counts[i];
      }
    }
    return new Counts(total, byOpcode);
  }
}
