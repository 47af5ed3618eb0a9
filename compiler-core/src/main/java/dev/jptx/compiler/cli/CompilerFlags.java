package dev.jptx.compiler.cli;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Knobs;
import dev.jptx.compiler.driver.Stage;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.target.SmTargets;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/** The options {@code compile} and {@code dump} share: the plugin's parameters, as flags. */
final class CompilerFlags {
  @Option(
      names = {"-t", "--target"},
      paramLabel = "sm_XX",
      description = "Target (repeatable; default sm_75). One module per target.")
  List<String> targets = new ArrayList<>();

  @Option(names = "-O", paramLabel = "LEVEL", description = "Optimization level 0..3 (default 3).")
  int optLevel = 3;

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

  /** The compiler options these flags describe; throws {@link IllegalArgumentException}. */
  CompilerOptions options(Set<Stage> printAfter) {
    List<SmTarget> t = new ArrayList<>();
    for (String name : targets.isEmpty() ? List.of("sm_75") : targets) {
      t.add(SmTargets.get(name));
    }
    return new CompilerOptions(
        t,
        optLevel,
        fastMath,
        !noLineInfo,
        maxRegisters,
        Knobs.parse(knobs),
        printAfter.isEmpty() ? Set.of() : EnumSet.copyOf(printAfter),
        false,
        checks);
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
