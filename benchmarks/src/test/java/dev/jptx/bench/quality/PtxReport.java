package dev.jptx.bench.quality;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@code ../shared/tools/ptx-report --compare} on jptx's tree and nvcc's module: ptxas's
 * figures per kernel, rows matched by name, ratios jptx/nvcc. The compile-time column is left out
 * so that the table is the same on every run.
 */
final class PtxReport {
  /**
   * The columns of the report: ptxas's resources, shared memory, SASS and PTX sizes; no timings.
   */
  static final String METRICS = "regs,spill_st,spill_ld,stack,smem,sass,sassnp,ptx";

  private PtxReport() {}

  /**
   * Compares {@code ours} with {@code theirs}.
   *
   * @param tool the {@code ptx-report} script
   * @param directory the working directory; {@code ours} and {@code theirs} are relative to it, so
   *     that the paths the table's header quotes do not depend on the checkout
   * @param arch e.g. {@code sm_90}
   * @param ours a {@code META-INF/jptx} tree (A)
   * @param theirs nvcc's PTX (B)
   * @return the Markdown that {@code ptx-report} printed
   */
  static String compare(Path tool, Path directory, String arch, String ours, String theirs) {
    return Commands.run(directory, command(tool.toString(), arch, ours, theirs));
  }

  /** The command line, as the report quotes it. */
  static List<String> command(String tool, String arch, String ours, String theirs) {
    List<String> command = new ArrayList<>();
    command.addAll(List.of(tool, "--markdown", "--arch", arch, "--metrics", METRICS));
    command.addAll(List.of("--compare", ours, theirs));
    return command;
  }
}
