package dev.jptx.compiler.cli;

import dev.jptx.compiler.driver.Pipeline;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.UnaryOperator;

/** Runs the CLI in this JVM and keeps what it printed. */
final class Cli {
  private Cli() {}

  /** One run: exit code, standard output, standard error. */
  record Run(int code, String out, String err) {}

  static Run jptx(String... args) {
    return jptx(UnaryOperator.identity(), args);
  }

  /** A run with {@code compile}'s and {@code dump}'s pipeline adjusted by {@code configure}. */
  static Run jptx(UnaryOperator<Pipeline> configure, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        JptxCommand.execute(
            new PrintWriter(out, true), new PrintWriter(err, true), configure, args);
    return new Run(code, out.toString(), err.toString());
  }
}
