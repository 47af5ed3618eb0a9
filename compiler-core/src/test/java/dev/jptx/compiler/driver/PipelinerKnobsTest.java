package dev.jptx.compiler.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Remark;
import dev.jptx.compiler.diag.Remarks;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import dev.jptx.compiler.pipeliner.MachinePipeliner;
import dev.jptx.compiler.testing.FileTest;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * One test per knob of the software pipeliner ({@link PipelinerKnobs}), each showing the change its
 * help promises, on the loops of the pipeliner's file tests (Loops#dotLoop's MIR among them) and a
 * few built here.
 */
class PipelinerKnobsTest {
  /** What one run of the pass printed and reported. */
  private record Run(String notes, List<Remark> remarks, String before, String after) {
    String header() {
      Matcher m = Pattern.compile("; schedule of .*").matcher(notes);
      return m.find() ? m.group() : "";
    }

    String messages() {
      return String.join("\n", remarks.stream().map(Remark::message).toList());
    }
  }

  private static String fixture(String name) {
    try {
      Path p =
          Path.of(PipelinerKnobsTest.class.getResource("/filetests/pipeliner/" + name).toURI());
      return FileTest.read(p).input();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static final String DOT = fixture("dot-loop.test");
  private static final String RECURRENCE = fixture("recurrence-bound.test");
  private static final String CANDIDATES = fixture("candidates.test");

  /** {@code mir} through the pass with {@code knobs}, annotating unless a knob says otherwise. */
  private static Run run(String mir, String... knobs) {
    List<String> k = new ArrayList<>(List.of(knobs));
    if (k.stream().noneMatch(x -> x.startsWith("pipeliner-annotate-for-testing"))) {
      k.add("pipeliner-annotate-for-testing");
    }
    MachineFunction f = MirParser.parse(mir).get(0);
    String before = MirPrinter.print(f);
    Remarks remarks = new Remarks();
    StringBuilder notes = new StringBuilder();
    new MachinePipeliner(
            PipelinerKnobs.options(Knobs.parse(k)), remarks, (fn, text) -> notes.append(text))
        .run(f);
    return new Run(notes.toString(), remarks.all(), before, MirPrinter.print(f));
  }

  /** The MIR of the pipeliner stage, with its schedules, run by the pipeline at {@code level}. */
  private static String stage(String mir, int level, List<String> knobs) {
    return stage(mir, level, knobs, false);
  }

  /** As {@link #stage(String, int, List)}, for size ({@code -Os}) or not. */
  private static String stage(String mir, int level, List<String> knobs, boolean size) {
    CompilerOptions o =
        KnobsTest.options("sm_90", level, knobs, EnumSet.of(Stage.PIPELINER))
            .withOptimizeForSize(size);
    StringBuilder dump = new StringBuilder();
    List<MachineFunction> fs = MirParser.parse(mir);
    new Pipeline(o, (point, unit, text) -> dump.append(text))
        .run(Code.ofMachine("t", fs, o.targets().get(0)), List.of("pipeliner"));
    return dump.toString();
  }

  @Test
  void enablePipeliner_runsThePassFromO2() {
    List<String> annotate = List.of("pipeliner-annotate-for-testing", "enable-pipeliner");
    assertTrue(stage(DOT, 2, annotate).contains("; schedule of bb2 in @dotLoop: II 12"));
    assertFalse(stage(DOT, 1, annotate).contains("; schedule"));
    List<String> off = List.of("pipeliner-annotate-for-testing", "enable-pipeliner=false");
    assertFalse(stage(DOT, 3, off).contains("; schedule"));
    // off by default: the measurements in the knob's help
    assertFalse(stage(DOT, 3, List.of("pipeliner-annotate-for-testing")).contains("; schedule"));
  }

  @Test
  void enablePipelinerOptSize_pipelinesAtOsOnlyWhenSet() {
    List<String> on = List.of("pipeliner-annotate-for-testing", "enable-pipeliner");
    assertFalse(stage(DOT, 2, on, true).contains("; schedule"));
    List<String> set =
        List.of("pipeliner-annotate-for-testing", "enable-pipeliner", "enable-pipeliner-opt-size");
    assertTrue(stage(DOT, 2, set, true).contains("; schedule of bb2 in @dotLoop: II 12"));
    // and it changes nothing at the other levels
    assertTrue(stage(DOT, 2, on, false).contains("; schedule of bb2 in @dotLoop: II 12"));
  }

  @Test
  void annotateForTesting_schedulesButLeavesTheLoop() {
    Run annotated = run(DOT);
    assertEquals(annotated.before(), annotated.after());
    assertEquals("Pipelined succesfully!", annotated.messages());
    assertEquals(Remark.Kind.PASSED, annotated.remarks().get(0).kind());
    Run generated = run(DOT, "pipeliner-annotate-for-testing=false");
    // the code generator rewrote the loop, or said it could not
    assertTrue(
        !generated.before().equals(generated.after())
            || generated.messages().contains("code generator could not rewrite the loop"),
        generated.messages());
    assertEquals(
        MachinePipeliner.Generator.NONE,
        MachinePipeliner.generator(
            PipelinerKnobs.options(Knobs.parse(List.of("pipeliner-annotate-for-testing")))));
  }

  @Test
  void experimentalCgAndMveCg_chooseTheCodeGenerator() {
    assertEquals(MachinePipeliner.Generator.MODULO_VARIABLE_EXPANSION, generator());
    assertEquals(MachinePipeliner.Generator.PEELING, generator("pipeliner-experimental-cg"));
    assertEquals(MachinePipeliner.Generator.PEELING, generator("pipeliner-mve-cg=false"));
    assertEquals(
        MachinePipeliner.Generator.PEELING,
        generator("pipeliner-experimental-cg", "pipeliner-mve-cg=true"));
  }

  private static MachinePipeliner.Generator generator(String... knobs) {
    return MachinePipeliner.generator(PipelinerKnobs.options(Knobs.parse(List.of(knobs))));
  }

  @Test
  void maxMii_rejectsALoopWhoseMiiIsAbove() {
    assertTrue(run(RECURRENCE).header().contains("MII 16"));
    Run r = run(RECURRENCE, "pipeliner-max-mii=15");
    assertEquals("", r.notes());
    assertEquals(
        "Minimal Initiation Interval too large: 16 > 15. Refer to -pipeliner-max-mii.",
        r.messages());
  }

  @Test
  void forceIi_triesOnlyThatIi() {
    assertTrue(run(DOT).header().contains("II 12,"));
    assertTrue(run(DOT, "pipeliner-force-ii=15").header().contains("II 15,"));
  }

  @Test
  void maxStages_boundsTheStagesAndSoTheIi() {
    assertTrue(run(DOT).header().endsWith("numStages 3"));
    String five = run(DOT, "pipeliner-max-stages=5").header();
    assertTrue(five.contains("II 10,") && five.endsWith("numStages 4"), five);
    assertEquals(
        "Too many stages in schedule: 2 > 1. Refer to -pipeliner-max-stages.",
        run(DOT, "pipeliner-max-stages=1").messages());
  }

  @Test
  void iiSearchRange_boundsTheIisTried() {
    assertEquals(
        "Too many stages in schedule: 4 > 3. Refer to -pipeliner-max-stages.",
        run(DOT, "pipeliner-ii-search-range=1").messages());
  }

  @Test
  void testIiOffset_triesOnlyMiiPlusTheOffset() {
    assertTrue(run(DOT, "pipeliner-test-ii-offset=5").header().contains("II 14, MII 9"));
  }

  @Test
  void ignoreRecmii_startsFromTheResourceBound() {
    assertTrue(run(RECURRENCE).header().contains("MII 16, RecMII 16, ResMII 8"));
    Run r = run(RECURRENCE, "pipeliner-ignore-recmii");
    assertTrue(r.header().contains("MII 8, RecMII 0, ResMII 8"), r.header());
  }

  @Test
  void pruneDeps_keepsEachPhisValueToItsOwnReaders() {
    assertTrue(run(DOT).header().contains("RecMII 4"));
    // unpruned, the sum's new value reaches the index's readers: load, multiply and add in a
    // circuit
    assertEquals(
        "Minimal Initiation Interval too large: 49 > 27. Refer to -pipeliner-max-mii.",
        run(DOT, "pipeliner-prune-deps=false").messages());
  }

  /** a[i] = a[i] * 2: a load and a store through one address register, i stepping by 1. */
  private static final String SCALE_IN_PLACE =
      """
      entry @k(.u64 k_param_0, .s32 k_param_1) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b64 = CVTA_TO_GLOBAL_U64 %0
        %2:b32 = LD_PARAM_U32 @k_param_1, 0
        %3:b32 = MOV_B32 0
        BRA bb1
      bb1:
        %4:b32 = PHI %3, bb0, %5, bb1
        %6:b64 = MAD_WIDE_S32 %4, 4, %1
        %7:f32 = LD_GLOBAL_F32 %6, 0
        %8:f32 = ADD_RN_F32 %7, %7
        ST_GLOBAL_F32 %6, 0, %8
        %5:b32 = ADD_S32 %4, 1
        %9:pred = SETP_S32 lt, %5, %2
        @%9 BRA bb1
        BRA bb2
      bb2:
        RET
      }
      """;

  @Test
  void pruneLoopCarried_dropsTheOrderOfDisjointIterations() {
    assertTrue(run(SCALE_IN_PLACE).header().contains("RecMII 4"), run(SCALE_IN_PLACE).messages());
    // kept, the store must precede the next iteration's load: 33 + 4 + 4 cycles in one circuit
    assertEquals(
        "Minimal Initiation Interval too large: 41 > 27. Refer to -pipeliner-max-mii.",
        run(SCALE_IN_PLACE, "pipeliner-prune-loop-carried=false").messages());
  }

  /**
   * b[i] = a[i] * a[i] + p, where p is the previous a[i], kept by a copy that feeds p's PHI: the
   * copy can issue as soon as the load's value is there, before the add reads the old p.
   */
  private static final String COPY_TO_PHI =
      """
      entry @k(.u64 k_param_0, .s32 k_param_1) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b64 = CVTA_TO_GLOBAL_U64 %0
        %2:b32 = LD_PARAM_U32 @k_param_1, 0
        %3:b32 = MOV_B32 0
        %10:f32 = MOV_F32 0f3F800000
        BRA bb1
      bb1:
        %4:b32 = PHI %3, bb0, %5, bb1
        %11:f32 = PHI %10, bb0, %12, bb1
        %6:b64 = MAD_WIDE_S32 %4, 4, %1
        %7:f32 = LD_GLOBAL_NC_F32 %6, 0
        %13:f32 = MUL_RN_F32 %7, %7
        %8:f32 = ADD_RN_F32 %13, %11
        ST_GLOBAL_F32 %6, 4, %8
        %12:f32 = MOV_F32 %7
        %5:b32 = ADD_S32 %4, 1
        %9:pred = SETP_S32 lt, %5, %2
        @%9 BRA bb1
        BRA bb2
      bb2:
        RET
      }
      """;

  private static int cycleOf(String notes, String instr) {
    Matcher m = Pattern.compile("@c(\\d+)\\] " + Pattern.quote(instr)).matcher(notes);
    assertTrue(m.find(), notes);
    return Integer.parseInt(m.group(1));
  }

  @Test
  void enableCopytophi_ordersTheCopyAfterThePhisReaders() {
    String on = run(COPY_TO_PHI).notes();
    String off = run(COPY_TO_PHI, "pipeliner-enable-copytophi=false").notes();
    String add = "%8:f32 = ADD_RN_F32 %13, %11";
    String copy = "%12:f32 = MOV_F32 %7";
    assertTrue(cycleOf(on, copy) >= cycleOf(on, add), on);
    assertTrue(cycleOf(off, copy) < cycleOf(off, add), off);
  }

  @Test
  void forceIssueWidth_changesTheIssueBound() {
    assertTrue(run(DOT).header().contains("ResMII 9"));
    // two a cycle: the load/store unit's 8 busy cycles are the bound
    assertTrue(run(DOT, "pipeliner-force-issue-width=2").header().contains("ResMII 8"));
  }

  @Test
  void showMask_printsTheOccupancy() {
    assertFalse(run(DOT).notes().contains("mask"));
    String notes = run(DOT, "pipeliner-show-mask").notes();
    // II 12: nine issue slots taken; the two loads hold the load/store unit 4 cycles each
    assertTrue(notes.contains(";   mask issue ##..####.###\n"), notes);
    assertTrue(notes.contains(";   mask LSU #...####.###\n"), notes);
  }

  @Test
  void dbgRes_printsTheResourcesPerCycle() {
    assertFalse(run(DOT).notes().contains("res cycle"));
    String notes = run(DOT, "pipeliner-dbg-res").notes();
    assertTrue(notes.contains(";   res cycle 0: issue 1/1 ALU "), notes);
    assertTrue(notes.contains(";   res cycle 11: "), notes);
  }

  private static String withMaxnreg(int n) {
    return DOT.replace(") java(", ") maxnreg(" + n + ") java(");
  }

  @Test
  void registerPressure_rejectsSchedulesOverTheBudget() {
    assertTrue(run(withMaxnreg(18)).header().contains("II 12,"));
    // at II 12 the loaded values of three iterations are live at once; at 14 fewer copies fit
    assertTrue(run(withMaxnreg(18), "pipeliner-register-pressure").header().contains("II 14,"));
    assertEquals(
        "Unable to find schedule", run(withMaxnreg(16), "pipeliner-register-pressure").messages());
  }

  @Test
  void registerPressureMargin_keepsAShareOfTheBudgetFree() {
    assertTrue(run(withMaxnreg(64), "pipeliner-register-pressure").header().contains("II 12,"));
    String quarter = "pipeliner-register-pressure-margin=75";
    assertTrue(
        run(withMaxnreg(64), "pipeliner-register-pressure", quarter).header().contains("II 16,"));
    Run r =
        run(
            withMaxnreg(64),
            "pipeliner-register-pressure",
            "pipeliner-register-pressure-margin=80");
    assertEquals("Unable to find schedule", r.messages());
  }

  @Test
  void remarks_nameTheKernelAndTheLoopsFirstLine() {
    Remark r = run(DOT).remarks().get(0);
    assertEquals("dev.jptx.bench.Loops.dotLoop", r.kernel());
    assertEquals("dev/jptx/bench/Loops.java", r.sourceFile());
    assertEquals(78, r.line());
    assertEquals("schedule", r.name());
  }

  @Test
  void remarks_skipTheRecurrenceAnalysisOfHugeLoops() {
    StringBuilder body = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      body.append("  %").append(100 + i + 1).append(":b32 = ADD_S32 %").append(100 + i);
      body.append(", 1\n");
    }
    String mir =
        """
        entry @k(.s32 k_param_0) {
        bb0:
          %0:b32 = LD_PARAM_U32 @k_param_0, 0
          %1:b32 = MOV_B32 0
          BRA bb1
        bb1:
          %2:b32 = PHI %1, bb0, %3, bb1
          %100:b32 = ADD_S32 %2, 1
        BODY  %3:b32 = ADD_S32 %2, 1
          %4:pred = SETP_S32 lt, %3, %0
          @%4 BRA bb1
          BRA bb2
        bb2:
          RET
        }
        """
            .replace("BODY", body.toString());
    assertEquals(
        "Loop too large for the recurrence analysis: 203 > 200 instructions", run(mir).messages());
  }

  @Test
  void remarks_sayWhyEachOtherLoopIsSkipped() {
    Run r = run(CANDIDATES);
    assertEquals("", r.notes());
    assertEquals(
        List.of("Loop contains a barrier or fence (BAR_SYNC)", "Loop has more than one block"),
        r.remarks().stream().map(Remark::message).sorted().toList());
    for (Remark x : r.remarks()) {
      assertEquals(Remark.Kind.MISSED, x.kind());
      assertEquals("pipeliner", x.pass());
    }
  }
}
