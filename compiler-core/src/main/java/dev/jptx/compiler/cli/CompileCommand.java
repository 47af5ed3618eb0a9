package dev.jptx.compiler.cli;

import dev.jptx.compiler.build.Build;
import dev.jptx.compiler.build.BuildReport;
import dev.jptx.compiler.build.BuildRequest;
import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.PassStatistics;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.validate.ValidationMode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
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
    PassStatistics statistics = flags.statistics();
    CompilerOptions options = flags.options(flags.printPoints(java.util.List.of(), false));
    BuildRequest request =
        new BuildRequest(
            inputs,
            flags.classPathEntries(),
            output,
            options,
            ValidationMode.parse(validate),
            ptxas);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    BuildReport report =
        Build.run(
            request, Dumps.to(out), p -> configurePipeline.apply(p.withStatistics(statistics)));
    (flags.verbose ? report.verboseKernelLines() : report.kernelLines()).forEach(out::println);
    flags.printRemarks(report.remarks(), options.remarks(), err);
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
    flags.report(statistics, err);
    err.flush();
    if (!report.internalErrors().isEmpty()) {
      return JptxCommand.INTERNAL_ERROR;
    }
    return report.diagnostics().isEmpty() ? 0 : JptxCommand.KERNEL_ERRORS;
  }
}
