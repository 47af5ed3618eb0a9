package dev.jptx.compiler.cli;

import dev.jptx.compiler.driver.DumpSink;
import java.io.PrintWriter;

/** Prints stage results under a header line naming the stage and the unit. */
final class Dumps {
  private Dumps() {}

  static DumpSink to(PrintWriter out) {
    return (stage, unit, text) -> {
      out.println("// *** after " + stage.cliName() + ": " + unit + " ***");
      out.print(text);
      if (!text.endsWith("\n")) {
        out.println();
      }
      out.flush();
    };
  }
}
