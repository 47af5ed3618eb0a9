package dev.jptx.compiler.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.Stage;
import dev.jptx.compiler.frontend.FrontEnd;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import dev.jptx.compiler.testing.TestClasses;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every textual form reads back to itself: IR after the front end, MIR after each machine stage.
 */
class RoundTripTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "dev.jptx.compiler.testkernels.Basic",
        "dev.jptx.compiler.testkernels.Loops",
        "dev.jptx.compiler.testkernels.Params",
        "dev.jptx.compiler.testkernels.Lang",
        "dev.jptx.compiler.testkernels.Output",
        "dev.jptx.compiler.testkernels.Halves"
      })
  void ir_printParsePrint_isIdentity(String className) {
    for (boolean checks : new boolean[] {false, true}) {
      Module m =
          FrontEnd.translate(
                  TestClasses.node(className), TestClasses.classPath(), new Diagnostics(), checks)
              .module();
      String text = IrPrinter.print(m);
      Module again = IrParser.parseModule(className, text);
      assertEquals(List.of(), IrVerifier.verify(again));
      assertEquals(text, IrPrinter.print(again));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ssa", "opt"})
  void cliDump_readsBackUnchanged(String stage) {
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.StringWriter err = new java.io.StringWriter();
    int code =
        dev.jptx.compiler.cli.JptxCommand.execute(
            new java.io.PrintWriter(out),
            new java.io.PrintWriter(err),
            "dump",
            "--after=" + stage,
            "-cp",
            TestClasses.root().toString(),
            "dev.jptx.compiler.testkernels.Lang#calls");
    assertEquals(0, code, err.toString());
    String text = out.toString();
    Module m = IrParser.parseModule("Lang", text);
    assertEquals(List.of(), IrVerifier.verify(m));
    assertEquals(text.substring(text.indexOf('\n') + 1), IrPrinter.print(m));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "dev.jptx.compiler.testkernels.Basic",
        "dev.jptx.compiler.testkernels.Loops",
        "dev.jptx.compiler.testkernels.Params"
      })
  void mir_printParsePrint_isIdentity(String className) {
    List<String> dumps = new ArrayList<>();
    CompilerOptions o =
        CompilerOptions.defaults().withPrintAfter(EnumSet.of(Stage.ISEL, Stage.MIR, Stage.RA));
    new Pipeline(o, (s, u, t) -> dumps.add(t))
        .compile(TestClasses.node(className), null, new Diagnostics());
    assertEquals(3, dumps.size());
    for (String text : dumps) {
      assertEquals(text, MirPrinter.print(MirParser.parse(text)));
    }
  }
}
