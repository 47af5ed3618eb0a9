package dev.jptx.compiler.cli;

import dev.jptx.compiler.diag.RemarkFamilies;
import dev.jptx.compiler.diag.ReportedRemark;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Knobs;
import dev.jptx.compiler.driver.PassRegistry;
import dev.jptx.compiler.driver.PassStatistics;
import dev.jptx.compiler.driver.PrintPoints;
import dev.jptx.compiler.driver.SizeOptimization;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.Option;

/** The options {@code compile} and {@code dump} share: the plugin's parameters, as flags. */
final class CompilerFlags {
  @Option(
      names = {"-t", "--target"},
      paramLabel = "sm_XX",
      description = "Target (repeatable; default sm_75). One module per target.")
  List<String> targets = new ArrayList<>();

  @Option(
      names = "-O",
      paramLabel = "LEVEL",
      description =
          "Optimization level 0..3 (default 3), or s (-Os): level 2 for size, with the machine"
              + " outliner on and less unrolling.")
  String optLevel = "3";

  @Option(
      names = "--fast-math",
      description = "FMA contraction and approximate math for all kernels.")
  boolean fastMath;

  @Option(
      names = "--checks",
      description = "Trap on out-of-bounds indices and integer division by zero.")
  boolean checks;

  @Option(names = "--no-line-info", description = "Leave out .file/.loc line information.")
  boolean noLineInfo;

  @Option(
      names = "--max-registers",
      paramLabel = "N",
      description = "Register limit (.maxnreg) for kernels that do not set one; 0 for none.")
  int maxRegisters;

  @Option(
      names = "--knob",
      paramLabel = "NAME=VALUE",
      description = "A backend knob, as the plugin's compilerArgs without the leading '-'.")
  List<String> knobs = new ArrayList<>();

  @Option(names = "-cp", paramLabel = "PATH", description = "Where called code is looked up.")
  String classPath;

  @Option(
      names = "--verbose",
      description =
          "Our own register pressure per kernel after allocation (32-bit units, the most of each"
              + " class live at once, predicates) on each build line; stack traces of internal"
              + " errors.")
  boolean verbose;

  @Option(
      names = "--print-after",
      paramLabel = "NAME",
      split = ",",
      description =
          "Print the code after these stages or passes (stages: ${COMPLETION-CANDIDATES};"
              + " jptx passes lists the passes).",
      completionCandidates = JptxCommand.StageNames.class)
  List<String> printAfter = new ArrayList<>();

  @Option(
      names = "--print-before",
      paramLabel = "NAME",
      split = ",",
      description = "Print the code before these stages or passes.")
  List<String> printBefore = new ArrayList<>();

  @Option(names = "--print-after-all", description = "Print the code after every stage.")
  boolean printAfterAll;

  @Option(
      names = "--time-passes",
      description =
          "Report each pass's wall time on standard error, summed over classes, functions and"
              + " targets (as llc -time-passes).")
  boolean timePasses;

  @Option(
      names = "--stats",
      description =
          "Report the counters passes keep on standard error: instructions each pass removed or"
              + " added, values hoisted, calls inlined, registers spilled, ... (as llc -stats).")
  boolean stats;

  @Option(
      names = "--remarks",
      paramLabel = "FAMILY",
      split = ",",
      description =
          "Print the optimization remarks of these pass families on standard error, as clang's"
              + " -Rpass: pipeliner, outliner, all.")
  List<String> remarks = new ArrayList<>();

  /** The print points these flags and {@code moreAfter} (dump's {@code --after}) ask for. */
  PrintPoints printPoints(Collection<String> moreAfter, boolean allStages) {
    Set<String> after = new TreeSet<>(printAfter);
    after.addAll(moreAfter);
    if (printAfterAll || allStages) {
      after.addAll(PassRegistry.stageNames());
    }
    return new PrintPoints(new TreeSet<>(printBefore), after);
  }

  /** A collector for {@code --time-passes} and {@code --stats}, or null when neither is given. */
  PassStatistics statistics() {
    return timePasses || stats ? new PassStatistics() : null;
  }

  /** Prints the reports {@code --time-passes} and {@code --stats} ask for. */
  void report(PassStatistics s, PrintWriter err) {
    if (s == null) {
      return;
    }
    if (timePasses) {
      err.print(s.timeReport());
    }
    if (stats) {
      err.print(s.statsReport());
    }
    err.flush();
  }

  /** The compiler options these flags describe; throws {@link IllegalArgumentException}. */
  CompilerOptions options(PrintPoints print) {
    List<SmTarget> t = new ArrayList<>();
    for (String name : targets.isEmpty() ? List.of("sm_75") : targets) {
      t.add(SmTargets.get(name));
    }
    boolean size = optLevel.equals("s");
    int level;
    try {
      level = size ? SizeOptimization.LEVEL : Integer.parseInt(optLevel);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "optimization level must be 0..3 or s, not '" + optLevel + "'");
    }
    return new CompilerOptions(
        t,
        level,
        fastMath,
        !noLineInfo,
        maxRegisters,
        size ? SizeOptimization.knobs(knobs) : Knobs.parse(knobs),
        print,
        false,
        checks,
        RemarkFamilies.parse(remarks),
        size);
  }

  /** Prints the remarks {@code --remarks} enables, one line each. */
  void printRemarks(List<ReportedRemark> all, RemarkFamilies enabled, PrintWriter err) {
    for (ReportedRemark r : all) {
      if (enabled.enables(r.remark())) {
        err.println(r.format());
      }
    }
  }

  /** The {@code -cp} entries. */
  List<Path> classPathEntries() {
    List<Path> out = new ArrayList<>();
    if (classPath != null) {
      for (String s : classPath.split(File.pathSeparator)) {
        if (!s.isEmpty()) {
          out.add(Path.of(s));
        }
      }
    }
    return out;
  }
}
