package dev.jptx.compiler.cli;

import static dev.jptx.compiler.cli.Cli.jptx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.cli.Cli.Run;
import dev.jptx.compiler.testing.JavaSources;
import dev.jptx.compiler.testing.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pass registry on the command line: print points, run-pass, time-passes, stats, passes. */
class PassCommandsTest {
  @TempDir Path dir;

  /** A kernel whose loop computes {@code a * b} on every trip: licm hoists it. */
  private static final String INVARIANT =
      """
      package demo;
      import dev.jptx.Kernel;
      public class Inv {
        @Kernel
        public static void scale(float[] x, int a, int b, int n) {
          for (int i = 0; i < n; i++) {
            x[i] = x[i] * (a * b);
          }
        }
      }
      """;

  /** SSA machine IR computing {@code %1 + 1} twice: machine CSE keeps the first. */
  private static final String TWICE =
      """
      entry @k(.u64 k_param_0) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = LD_GLOBAL_U32 %0, 0
        %2:b32 = ADD_S32 %1, 1
        %3:b32 = ADD_S32 %1, 1
        ST_GLOBAL_U32 %0, 4, %2
        ST_GLOBAL_U32 %0, 8, %3
        RET
      }
      """;

  @Test
  void dump_printAfterAndBeforeAPass() {
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Run r =
        jptx(
            "dump",
            "--print-after=machine-cse",
            "--print-before=machine-cse",
            "-cp",
            classes.toString(),
            "demo.Saxpy#saxpy");
    assertEquals(0, r.code(), r.err());
    int before = r.out().indexOf("// *** before machine-cse: demo.Saxpy [sm_75] ***");
    int after = r.out().indexOf("// *** after machine-cse: demo.Saxpy [sm_75] ***");
    assertTrue(before >= 0 && after > before, r.out());
    assertTrue(r.out().substring(after).contains("entry @saxpy("), r.out());
    assertFalse(r.out().contains("after ssa"), r.out());
  }

  @Test
  void dump_unknownPassIsAUsageErrorNamingTheStages() {
    Path classes = JavaSources.compile(dir, Map.of("demo.Saxpy", Sources.SAXPY));
    Run r =
        jptx("dump", "--print-after=no-such-pass", "-cp", classes.toString(), "demo.Saxpy#saxpy");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown pass or stage 'no-such-pass'"), r.err());
    assertTrue(r.err().contains("stages: bytecode ssa opt dag"), r.err());
    Run none = jptx("dump", "-cp", classes.toString(), "demo.Saxpy#saxpy");
    assertEquals(2, none.code());
    assertTrue(none.err().contains("say what to print"), none.err());
  }

  @Test
  void runPass_machineCseOnAMirFile() throws IOException {
    Path mir = dir.resolve("twice.mir");
    Files.writeString(mir, TWICE);
    Run r = jptx("run-pass", "--passes=machine-cse", mir.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(1, r.out().split("ADD_S32", -1).length - 1, r.out());
    assertTrue(r.out().contains("ST_GLOBAL_U32 %0, 8, %2"), r.out());
    Path out = dir.resolve("out.mir");
    assertEquals(
        0, jptx("run-pass", "--passes=machine-cse", "-o", out.toString(), mir.toString()).code());
    assertEquals(r.out(), Files.readString(out));
  }

  @Test
  void runPass_stagesAndIr() throws IOException {
    Path ir = dir.resolve("k.ir");
    Files.writeString(
        ir,
        """
        kernel @k(ptr.global %0) {
        b0:
          %1 = mul i32 6, 7
          store i32 %1, %0
          ret
        }
        """);
    Run folded = jptx("run-pass", "--passes=constfold,dce", ir.toString());
    assertEquals(0, folded.code(), folded.err());
    assertTrue(folded.out().contains("store i32 42, %0"), folded.out());
    // a whole stage, and the later ones, to PTX
    Run ptx = jptx("run-pass", "--passes=opt,dag,legalize,isel,mir,ra,ptx", ir.toString());
    assertEquals(0, ptx.code(), ptx.err());
    assertTrue(ptx.out().contains(".entry k("), ptx.out());
  }

  @Test
  void runPass_refusesAPassOnTheWrongForm() throws IOException {
    Path mir = dir.resolve("out-of-ssa.mir");
    Files.writeString(
        mir, TWICE.replace("entry @k(.u64 k_param_0) {", "entry @k(.u64 k_param_0) nossa {"));
    Run r = jptx("run-pass", "--passes=machine-scheduler", mir.toString());
    assertEquals(2, r.code());
    assertTrue(
        r.err()
            .contains(
                "pass 'machine-scheduler' needs SSA MIR, but the code is MIR after PHI elimination"),
        r.err());
    Path ir = dir.resolve("k.ir");
    Files.writeString(ir, "kernel @k() {\nb0:\n  ret\n}\n");
    Run onIr = jptx("run-pass", "--passes=regalloc", ir.toString());
    assertEquals(2, onIr.code());
    assertTrue(
        onIr.err().contains("needs MIR after PHI elimination, but the code is IR"), onIr.err());
  }

  @Test
  void runPass_badFiles() throws IOException {
    Path bad = dir.resolve("bad.mir");
    Files.writeString(bad, "entry @k( {\n");
    Run r = jptx("run-pass", "--passes=machine-cse", bad.toString());
    assertEquals(1, r.code());
    assertTrue(r.err().startsWith(bad + ": line 1"), r.err());
    Path txt = dir.resolve("k.txt");
    Files.writeString(txt, TWICE);
    Run unknown = jptx("run-pass", "--passes=machine-cse", txt.toString());
    assertEquals(1, unknown.code());
    assertTrue(unknown.err().contains("name it .ir, .dag or .mir"), unknown.err());
  }

  @Test
  void compile_timePassesAndStats() {
    Path classes = JavaSources.compile(dir, Map.of("demo.Inv", INVARIANT));
    Run r =
        jptx(
            "compile",
            "--time-passes",
            "--stats",
            "--validate=false",
            "-o",
            dir.resolve("o").toString(),
            classes.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("... Pass execution timing report ..."), r.err());
    assertTrue(r.err().matches("(?s).*\\d\\.\\d{4} \\( *\\d+\\.\\d%\\)  regalloc\n.*"), r.err());
    assertTrue(r.err().contains("  frontend\n"), r.err());
    assertTrue(r.err().contains("... Statistics Collected ..."), r.err());
    assertTrue(r.err().matches("(?s).* +\\d+ licm - values hoisted\n.*"), r.err());
    assertTrue(r.err().matches("(?s).* +\\d+ dce - instructions removed\n.*"), r.err());
    Run quiet =
        jptx("compile", "--validate=false", "-o", dir.resolve("q").toString(), classes.toString());
    assertFalse(quiet.err().contains("timing report"), quiet.err());
  }

  @Test
  void passes_listsTheRegistry() {
    Run r = jptx("passes");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("  machine-cse   [-O1+, unless disable-machine-cse]"), r.out());
    assertTrue(r.out().contains("      SSA MIR -> the same"), r.out());
    assertTrue(r.out().contains("  ra: "), r.out());
    assertTrue(r.out().contains("  regalloc   [always]"), r.out());
  }
}
