package dev.jptx.compiler.cli;

import static dev.jptx.compiler.cli.Cli.jptx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.cli.Cli.Run;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.RemarkingPass;
import dev.jptx.compiler.testing.Sources;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --remarks}: which families print, in what form, and the usage error. */
class RemarksOptionTest {
  @TempDir Path dir;

  private static final String PIPELINED =
      "demo/Saxpy.java:21: remark: kernel demo.Saxpy.saxpy: Pipelined succesfully!\n";
  private static final String OUTLINED =
      "demo/Saxpy.java:22: remark: kernel demo.Saxpy.saxpy: Saved 3 instructions\n";

  /** A pipeline whose passes report one pipeliner and one outliner remark per kernel. */
  private static final UnaryOperator<Pipeline> REPORTING =
      p ->
          p.withExtraMachinePassIn(
                  RemarkingPass.reporting("pipeliner", 21, "Pipelined succesfully!"))
              .withExtraMachinePassIn(
                  RemarkingPass.reporting("outliner", 22, "Saved 3 instructions"));

  private Run compile(String... remarks) {
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    String[] args = new String[remarks.length + 8];
    System.arraycopy(remarks, 0, args, 0, remarks.length);
    System.arraycopy(
        new String[] {
          "-t", "sm_75", "-t", "sm_90", "--validate", "false", "-o", dir.resolve("out").toString()
        },
        0,
        args,
        remarks.length,
        8);
    String[] all = new String[args.length + 2];
    all[0] = "compile";
    System.arraycopy(args, 0, all, 1, args.length);
    all[all.length - 1] = classes.toString();
    return jptx(REPORTING, all);
  }

  @Test
  void compile_noRemarksOption_printsNone() {
    Run r = compile();
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
  }

  @Test
  void compile_oneFamily_printsOnlyItsRemarksOnStandardErrorOnceForBothTargets() {
    Run r = compile("--remarks=pipeliner");
    assertEquals(0, r.code(), r.err());
    assertEquals(PIPELINED, r.err());
    assertTrue(!r.out().contains("remark"), r.out());
  }

  @Test
  void compile_allAndCommaList_printEveryFamilyInReportedOrder() {
    assertEquals(PIPELINED + OUTLINED, compile("--remarks=all").err());
    assertEquals(PIPELINED + OUTLINED, compile("--remarks=outliner,pipeliner").err());
  }

  @Test
  void compile_remarksAsked_compilesUpToDateClassesAgainToShowThem() {
    assertEquals(0, compile().code());
    assertEquals(PIPELINED, compile("--remarks", "pipeliner").err());
  }

  @Test
  void compile_unknownFamily_isAUsageErrorListingTheValidOnes() {
    Run r = compile("--remarks=pipeliner,vectorizer");
    assertEquals(2, r.code());
    assertEquals(
        "jptx: unknown remark family 'vectorizer'; valid: pipeliner, outliner, all\n", r.err());
  }

  @Test
  void dump_remarks_printOnStandardErrorAfterTheDump() {
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Run r =
        jptx(
            REPORTING,
            "dump",
            "--after=mir",
            "--remarks=outliner",
            "-t",
            "sm_90",
            "-cp",
            classes.toString(),
            "demo.Saxpy#saxpy");
    assertEquals(0, r.code(), r.err());
    assertEquals(OUTLINED, r.err());
    assertTrue(r.out().contains("after mir"), r.out());
  }
}
