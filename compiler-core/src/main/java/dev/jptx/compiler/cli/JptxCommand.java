package dev.jptx.compiler.cli;

import dev.jptx.compiler.diag.InternalCompilerError;
import dev.jptx.compiler.driver.PassRegistry;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.Version;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code jptx} command line: {@code compile}, {@code list}, {@code dump}, {@code --help},
 * {@code --version}. Exit codes: 0 success, 1 errors in kernels, 2 bad usage, 3 an internal
 * compiler error.
 */
@Command(
    name = "jptx",
    mixinStandardHelpOptions = true,
    versionProvider = JptxCommand.VersionProvider.class,
    description = "Compiles Java @Kernel methods to PTX.",
    subcommands = {
      CompileCommand.class,
      ListCommand.class,
      DumpCommand.class,
      RunPassCommand.class,
      PassesCommand.class
    },
    exitCodeOnInvalidInput = 2,
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:success", "1:errors in kernels", "2:bad usage", "3:internal compiler error"})
public final class JptxCommand implements Runnable {
  /** Exit code for errors in the user's kernels. */
  static final int KERNEL_ERRORS = 1;

  /** Exit code for a bad command line. */
  static final int USAGE = 2;

  /** Exit code for a compiler bug. */
  static final int INTERNAL_ERROR = 3;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Runs the CLI and exits with its code. */
  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the CLI on the standard streams and returns its exit code. */
  public static int execute(String... args) {
    return execute(
        new java.io.PrintWriter(System.out, true), new java.io.PrintWriter(System.err, true), args);
  }

  /** Runs the CLI with its output going to {@code out} and {@code err} (tests, embedding). */
  public static int execute(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
    return execute(out, err, UnaryOperator.identity(), args);
  }

  /**
   * As {@link #execute(java.io.PrintWriter, java.io.PrintWriter, String...)}, with {@code
   * compile}'s and {@code dump}'s pipeline adjusted by {@code configure}: tests inject a failing
   * pass to see how the user sees a compiler bug.
   */
  static int execute(
      java.io.PrintWriter out,
      java.io.PrintWriter err,
      UnaryOperator<Pipeline> configure,
      String... args) {
    CommandLine cl = new CommandLine(new JptxCommand());
    ((CompileCommand) cl.getSubcommands().get("compile").getCommand()).configurePipeline =
        configure;
    ((DumpCommand) cl.getSubcommands().get("dump").getCommand()).configurePipeline = configure;
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          if (e instanceof IllegalArgumentException) {
            cmd.getErr().println("jptx: " + e.getMessage());
            return USAGE;
          }
          cmd.getErr().println("jptx: internal error: " + e);
          if (parsed.hasMatchedOption("--verbose")) {
            e.printStackTrace(cmd.getErr());
          }
          return INTERNAL_ERROR;
        });
    try {
      return cl.execute(args);
    } catch (OutOfMemoryError e) {
      // outside any pass (reading the inputs, writing the output): no kernel to name
      err.println(
          "jptx: out of memory (" + e.getMessage() + "): " + InternalCompilerError.HEAP_HINT);
      err.flush();
      return INTERNAL_ERROR;
    }
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "missing a command: compile, list, dump, run-pass or passes");
  }

  /** The stage names as the command line spells them, for help texts. */
  static final class StageNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return PassRegistry.stageNames().iterator();
    }
  }

  /** Reports the version from the jar's manifest. */
  static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {Version.producer()};
    }
  }
}
