package dev.jptx.bench.quality;

import java.util.List;

/**
 * Everything the report says about one mode.
 *
 * @param mode strict or fastMath
 * @param nvccCommand how nvcc's module was made, as run in the work directory
 * @param ptxReportCommand the {@code ptx-report} command line, as run in the work directory
 * @param ptxReportMarkdown what it printed
 * @param ptx the same figures, read back
 * @param dynamic the simulator's counts on both sides
 * @param pressurePasses registers per kernel with the pressure passes on and off
 * @param loopVariants figures per kernel by default and with each loop transformation off
 */
record ModeResult(
    Mode mode,
    List<String> nvccCommand,
    List<String> ptxReportCommand,
    String ptxReportMarkdown,
    PtxComparison ptx,
    DynamicComparison dynamic,
    List<PressurePasses.Row> pressurePasses,
    List<LoopVariants.Row> loopVariants) {
  /** Copies the lists. */
  ModeResult {
    nvccCommand = List.copyOf(nvccCommand);
    ptxReportCommand = List.copyOf(ptxReportCommand);
    pressurePasses = List.copyOf(pressurePasses);
    loopVariants = List.copyOf(loopVariants);
  }
}
