package dev.jptx.compiler.dag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.Stage;
import dev.jptx.compiler.isel.InstructionSelector;
import dev.jptx.compiler.legalize.OperationLegalizer;
import dev.jptx.compiler.legalize.TypeLegalizer;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirPrinter;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.FileTest;
import dev.jptx.compiler.testing.TestClasses;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * DAG text reads back to itself, and carries everything the later stages read: legalizing the
 * parsed {@code --after=dag} text gives the pipeline's {@code --after=legalize} text, and selecting
 * the parsed {@code --after=legalize} text gives the pipeline's {@code --after=isel} MIR.
 */
class DagRoundTripTest {
  private static final String KERNELS = "dev.jptx.compiler.testkernels.";

  static Stream<Arguments> kernels() {
    List<Arguments> out = new ArrayList<>();
    String[] classes = {
      "Basic",
      "Loops",
      "Params",
      "Lang",
      "Output",
      "LocalArrays",
      "SharedKernels",
      "AtomicKernels",
      "WarpKernels",
      "BarrierKernels",
      "Halves",
      "MathKernels",
      "JdkMath"
    };
    for (String c : classes) {
      out.add(Arguments.of(c, "sm_90", false));
      out.add(Arguments.of(c, "sm_52", false));
    }
    out.add(Arguments.of("FastMathKernels", "sm_90", true));
    out.add(Arguments.of("MathKernels", "sm_75", true));
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1} fast-math={2}")
  @MethodSource("kernels")
  void kernels_dagTextReadsBackAndFeedsTheLaterStages(
      String className, String target, boolean fastMath) {
    Map<Stage, String> dumps = new EnumMap<>(Stage.class);
    CompilerOptions o =
        CompilerOptions.defaults()
            .withTargets(List.of(SmTargets.get(target)))
            .withFastMath(fastMath)
            .withPrintAfter(EnumSet.of(Stage.DAG, Stage.LEGALIZE, Stage.ISEL));
    Diagnostics d = new Diagnostics();
    new Pipeline(o, (s, u, t) -> dumps.put(s.stage(), t))
        .compile(TestClasses.node(KERNELS + className), TestClasses.classPath(), d);
    assertEquals(List.of(), d.all());
    String dag = dumps.get(Stage.DAG);
    String legal = dumps.get(Stage.LEGALIZE);
    assertEquals(dag, print(DagParser.parse(dag)));
    assertEquals(legal, print(DagParser.parse(legal)));

    List<DagFunction> legalized = DagParser.parse(dag);
    for (DagFunction f : legalized) {
      TypeLegalizer.run(f);
      OperationLegalizer.run(f);
    }
    assertEquals(legal, print(legalized));
    List<MachineFunction> selected = new ArrayList<>();
    for (DagFunction f : DagParser.parse(legal)) {
      selected.add(InstructionSelector.select(f));
    }
    assertEquals(dumps.get(Stage.ISEL), MirPrinter.print(selected));
  }

  @TestFactory
  Stream<DynamicTest> fileTests_expectedDagsReadBack() throws URISyntaxException {
    Path root = Path.of(DagRoundTripTest.class.getResource("/filetests").toURI());
    List<DynamicTest> tests = new ArrayList<>();
    for (Path p : FileTest.under(root)) {
      String expected = FileTest.read(p).expected();
      if (expected.startsWith("dags ")) {
        tests.add(
            DynamicTest.dynamicTest(
                root.relativize(p).toString(),
                () -> assertEquals(expected, print(DagParser.parse(expected)))));
      }
    }
    return tests.stream();
  }

  @Test
  void cliDump_readsBackUnchanged() {
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.StringWriter err = new java.io.StringWriter();
    int code =
        dev.jptx.compiler.cli.JptxCommand.execute(
            new java.io.PrintWriter(out),
            new java.io.PrintWriter(err),
            "dump",
            "--after=dag,legalize",
            "-cp",
            TestClasses.root().toString(),
            KERNELS + "Lang#calls");
    assertEquals(0, code, err.toString());
    String text = out.toString();
    String withoutHeaders = text.replaceAll("(?m)^// \\*\\*\\*.*\n", "");
    assertEquals(withoutHeaders, print(DagParser.parse(text)));
  }

  private static String print(List<DagFunction> fs) {
    StringBuilder sb = new StringBuilder();
    fs.forEach(f -> sb.append(DagPrinter.print(f)));
    return sb.toString();
  }
}
