package dev.jptx.compiler.cli;

import dev.jptx.compiler.driver.DumpSink;
import java.io.PrintWriter;

/** Prints code under a header line naming the print point and the unit. */
final class Dumps {
  private Dumps() {}

  static DumpSink to(PrintWriter out) {
    return (point, unit, text) -> {
      out.println("// *** " + point + ": " + unit + " ***");
      out.print(text);
      if (!text.endsWith("\n")) {
        out.println();
      }
      out.flush();
    };
  }
}
