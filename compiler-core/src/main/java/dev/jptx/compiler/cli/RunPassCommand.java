package dev.jptx.compiler.cli;

import dev.jptx.compiler.dag.DagParser;
import dev.jptx.compiler.diag.InternalCompilerError;
import dev.jptx.compiler.driver.Code;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.PassStatistics;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.ir.IrParser;
import dev.jptx.compiler.ir.IrVerifier;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirVerifier;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.text.TextParseException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jptx run-pass}: textual IR, DAGs or MIR through named passes, as {@code llc -run-pass}
 * does; what the compiler's own file tests do, for users reducing a bug or trying a knob.
 */
@Command(
    name = "run-pass",
    mixinStandardHelpOptions = true,
    description = {
      "Run passes or stages on textual IR (.ir), DAGs (.dag) or machine IR (.mir) and print the"
          + " result.",
      "Named passes run whatever their -O level and knob say; the members of a named stage keep"
          + " their conditions. A pass that needs another form than the code's is refused."
    })
final class RunPassCommand implements Callable<Integer> {
  @Mixin CompilerFlags flags;

  @Option(
      names = "--passes",
      paramLabel = "NAME",
      split = ",",
      required = true,
      description = "The passes or stages to run, in order (jptx passes lists them).")
  List<String> passes = new ArrayList<>();

  @Option(
      names = "-o",
      paramLabel = "FILE",
      description = "Where the result goes (default: standard output).")
  Path output;

  @Parameters(paramLabel = "FILE", description = "The code: FILE.ir, FILE.dag or FILE.mir.")
  Path input;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (!Files.isRegularFile(input)) {
      throw new IllegalArgumentException("no file " + input);
    }
    String text = Files.readString(input, StandardCharsets.UTF_8);
    CompilerOptions options = flags.options(flags.printPoints(List.of(), false));
    SmTarget target = options.targets().get(0);
    String name = input.getFileName().toString();
    Code code;
    try {
      code = parse(name, text, target);
    } catch (TextParseException | IllegalArgumentException | IllegalStateException e) {
      err.println(input + ": " + e.getMessage());
      err.flush();
      return JptxCommand.KERNEL_ERRORS;
    }
    PassStatistics statistics = flags.statistics();
    try {
      new Pipeline(options, Dumps.to(out)).withStatistics(statistics).runPasses(code, passes);
    } catch (InternalCompilerError e) {
      err.println("jptx: " + e.getMessage());
      if (flags.verbose) {
        e.printStackTrace(err);
      }
      err.flush();
      return JptxCommand.INTERNAL_ERROR;
    }
    if (output == null) {
      out.print(code.print());
      out.flush();
    } else {
      Files.writeString(output, code.print(), StandardCharsets.UTF_8);
    }
    flags.report(statistics, err);
    return 0;
  }

  /** The file's code, in the form its extension names, checked by that form's verifier. */
  private static Code parse(String name, String text, SmTarget target) {
    if (name.endsWith(".ir")) {
      var m = IrParser.parseModule(name, text);
      IrVerifier.check(m);
      return Code.ofIr(name, m, target);
    }
    if (name.endsWith(".mir")) {
      var fs = MirParser.parse(text);
      fs.forEach(f -> MirVerifier.check(f, "parse"));
      return Code.ofMachine(name, fs, target);
    }
    if (name.endsWith(".dag")) {
      return Code.ofDags(name, DagParser.parse(text, target), target);
    }
    throw new IllegalArgumentException(
        "cannot tell the form of " + name + ": name it .ir, .dag or .mir");
  }
}
