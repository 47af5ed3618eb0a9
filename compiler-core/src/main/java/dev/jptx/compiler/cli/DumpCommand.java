package dev.jptx.compiler.cli;

import dev.jptx.compiler.diag.Diagnostic;
import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.diag.InternalCompilerError;
import dev.jptx.compiler.driver.ClassResult;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.PassStatistics;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.PrintPoints;
import dev.jptx.compiler.frontend.classes.ClassFiles;
import dev.jptx.compiler.frontend.classes.ClassPath;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.objectweb.asm.tree.ClassNode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jptx dump}: one kernel's IR, DAG, MIR or PTX after a stage. */
@Command(
    name = "dump",
    mixinStandardHelpOptions = true,
    description = "Print a kernel's code after one or more stages of the pipeline.")
final class DumpCommand implements Callable<Integer> {
  @Mixin CompilerFlags flags;

  @Option(
      names = "--after",
      paramLabel = "NAME",
      split = ",",
      completionCandidates = JptxCommand.StageNames.class,
      description =
          "The stage(s) or pass(es) to print after (as --print-after): ${COMPLETION-CANDIDATES}.")
  List<String> after = new ArrayList<>();

  @Option(names = "--after-all", description = "Every stage.")
  boolean all;

  @Parameters(
      paramLabel = "CLASS#method",
      description = "The kernel, e.g. dev.example.Saxpy#saxpy.")
  String kernel;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Adjusts the pipeline; tests report remarks through it. */
  UnaryOperator<Pipeline> configurePipeline = UnaryOperator.identity();

  @Override
  public Integer call() {
    int hash = kernel.indexOf('#');
    if (hash <= 0 || hash == kernel.length() - 1) {
      throw new IllegalArgumentException("expected CLASS#method, not '" + kernel + "'");
    }
    String className = kernel.substring(0, hash);
    String method = kernel.substring(hash + 1);
    PrintPoints points = flags.printPoints(after, all);
    if (points.isEmpty()) {
      throw new IllegalArgumentException(
          "say what to print: --after, --after-all, --print-after or --print-before");
    }
    PassStatistics statistics = flags.statistics();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Path> entries = flags.classPathEntries();
    List<Path> cp = entries.isEmpty() ? List.of(Path.of(".")) : entries;
    try (ClassPath classPath = new ClassPath(cp)) {
      byte[] bytes =
          classPath
              .read(className.replace('.', '/'))
              .orElseThrow(
                  () -> new IllegalArgumentException("class " + className + " not found on " + cp));
      ClassNode c;
      try {
        c = ClassFiles.read(bytes);
      } catch (ClassFiles.UnreadableClassException e) {
        err.println(ClassFiles.diagnostic(className.replace('.', '/') + ".class", e).format());
        return JptxCommand.KERNEL_ERRORS;
      }
      if (c.methods.stream().noneMatch(m -> m.name.equals(method))) {
        throw new IllegalArgumentException("class " + className + " has no method " + method);
      }
      Diagnostics d = new Diagnostics();
      CompilerOptions options = flags.options(points);
      try {
        ClassResult r =
            configurePipeline
                .apply(new Pipeline(options, Dumps.to(out), Set.of(method)))
                .withStatistics(statistics)
                .compile(c, classPath, d);
        flags.printRemarks(r.remarks(), options.remarks(), err);
      } catch (InternalCompilerError e) {
        err.println("jptx: " + e.getMessage());
        if (flags.verbose) {
          e.printStackTrace(err);
        }
        return JptxCommand.INTERNAL_ERROR;
      }
      for (Diagnostic x : d.all()) {
        err.println(x.format());
      }
      out.flush();
      flags.report(statistics, err);
      err.flush();
      return d.hasErrors() ? JptxCommand.KERNEL_ERRORS : 0;
    }
  }
}
