package dev.jptx.compiler.cli;

import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.driver.Build;
import dev.jptx.compiler.driver.BuildReport;
import dev.jptx.compiler.driver.BuildRequest;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.Stage;
import dev.jptx.compiler.validate.ValidationMode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jptx compile}: the plugin's build from the command line. */
@Command(
    name = "compile",
    mixinStandardHelpOptions = true,
    description = "Compile every @Kernel class of the given class directories and jars.")
final class CompileCommand implements Callable<Integer> {
  @Mixin CompilerFlags flags;

  @Option(
      names = "-o",
      paramLabel = "DIR",
      description = "Output root for META-INF/jptx (default .).")
  Path output = Path.of(".");

  @Option(
      names = "--validate",
      paramLabel = "auto|true|false",
      description = "Check modules with ptxas or JCuda's PTX compiler (default auto).")
  String validate = "auto";

  @Option(names = "--ptxas", paramLabel = "FILE", description = "The ptxas executable to use.")
  Path ptxas;

  @Option(
      names = "--print-after",
      paramLabel = "STAGE",
      split = ",",
      completionCandidates = JptxCommand.StageNames.class,
      description = "Print the result of these stages: ${COMPLETION-CANDIDATES}.")
  List<Stage> printAfter = new ArrayList<>();

  @Option(names = "--print-after-all", description = "Print the result of every stage.")
  boolean printAfterAll;

  @Parameters(paramLabel = "DIR_OR_JAR", arity = "1..*", description = "Class roots to compile.")
  List<Path> inputs;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Adjusts the pipeline; tests make a pass fail through it. */
  UnaryOperator<Pipeline> configurePipeline = UnaryOperator.identity();

  @Override
  public Integer call() {
    for (Path p : inputs) {
      CommandInputs.classRoot(p);
    }
    CommandInputs.outputDirectory(output);
    if (ptxas != null) {
      CommandInputs.ptxas(ptxas);
    }
    Set<Stage> stages = printAfterAll ? EnumSet.allOf(Stage.class) : Set.copyOf(printAfter);
    BuildRequest request =
        new BuildRequest(
            inputs,
            flags.classPathEntries(),
            output,
            flags.options(stages),
            ValidationMode.parse(validate),
            ptxas);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    BuildReport report = Build.run(request, Dumps.to(out), configurePipeline);
    (flags.verbose ? report.verboseKernelLines() : report.kernelLines()).forEach(out::println);
    for (Diagnostic d : report.diagnostics()) {
      err.println(d.format());
    }
    for (int i = 0; i < report.internalErrors().size(); i++) {
      err.println("jptx: " + report.internalErrors().get(i));
      Throwable cause = report.internalErrorCauses().get(i);
      if (flags.verbose && cause != null) {
        cause.printStackTrace(err);
      }
    }
    out.flush();
    err.flush();
    if (!report.internalErrors().isEmpty()) {
      return JptxCommand.INTERNAL_ERROR;
    }
    return report.diagnostics().isEmpty() ? 0 : JptxCommand.KERNEL_ERRORS;
  }
}
