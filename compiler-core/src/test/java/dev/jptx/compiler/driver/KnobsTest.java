package dev.jptx.compiler.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.diag.InternalCompilerError;
import dev.jptx.compiler.ir.IrParser;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.regalloc.Allocation;
import dev.jptx.compiler.regalloc.RegisterAllocator;
import dev.jptx.compiler.target.IntegerOpcodes;
import dev.jptx.compiler.target.RegisterClass;
import dev.jptx.compiler.target.SmTargets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every knob changes what its help says. */
class KnobsTest {
  private static final String FOLDABLE =
      """
      kernel @k(ptr.global %0) {
      b0:
        %1 = mul i32 6, 7
        %2 = add i32 %1, 0
        %3 = sub i32 5, 5
        store i32 %2, %0
        ret
      }
      """;

  /** A phi nobody reads: only machine DCE removes its incoming copies at -O0. */
  private static final String DEAD_PHI =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        %2 = icmp slt i32 %1, 0
        br %2, b1, b2
      b1:
        %3 = add i32 %1, 1
        jump b2
      b2:
        %4 = phi i32 [b0: %1], [b1: %3]
        store i32 %1, %0
        ret
      }
      """;

  static String dump(String ir, Stage stage, int opt, List<String> knobs) {
    return dump(ir, stage, opt, knobs, "sm_90");
  }

  private static String dump(String ir, Stage stage, int opt, List<String> knobs, String target) {
    CompilerOptions o = options(target, opt, knobs, EnumSet.of(stage));
    List<String> out = new ArrayList<>();
    new Pipeline(o, (s, u, t) -> out.add(t)).compileModule("t", IrParser.parseModule("t", ir));
    return String.join("", out);
  }

  /** Options for {@code target} at {@code -O<opt>} with {@code knobs}, printing {@code print}. */
  static CompilerOptions options(String target, int opt, List<String> knobs, EnumSet<Stage> print) {
    return new CompilerOptions(
        List.of(SmTargets.get(target)),
        opt,
        false,
        false,
        0,
        Knobs.parse(knobs),
        PrintPoints.afterStages(print),
        false,
        false);
  }

  @Test
  void disableConstfold_keepsConstantArithmetic() {
    assertFalse(dump(FOLDABLE, Stage.OPT, 3, List.of()).contains("mul i32 6, 7"));
    assertTrue(dump(FOLDABLE, Stage.OPT, 3, List.of("disable-constfold")).contains("mul i32 6, 7"));
  }

  /** {@code (float) Math.sqrt(x)} of a float {@code x}, as javac compiles it. */
  private static final String WIDENED_SQRT =
      """
      kernel @k(ptr.global %0, f32 %1) {
      b0:
        %2 = fpext f32 %1 to f64
        %3 = intrinsic f64 sqrt(f64 %2)
        %4 = fptrunc f64 %3 to f32
        store f32 %4, %0
        ret
      }
      """;

  @Test
  void disableNarrowFloat_keepsTheDoubleSquareRoot() {
    assertTrue(dump(WIDENED_SQRT, Stage.OPT, 3, List.of()).contains("sqrt(f32 %1)"));
    assertTrue(
        dump(WIDENED_SQRT, Stage.OPT, 3, List.of("disable-narrow-float")).contains("sqrt(f64"));
  }

  /** a[i + 1] read and a[i + 3] written: one address plus 8 bytes for the second. */
  private static final String NEIGHBOURS =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        %2 = add i32 %1, 1
        %3 = sext i32 %2 to i64
        %4 = mul i64 %3, 4
        %5 = ptradd ptr.global %0, %4
        %6 = load f32 %5
        %7 = add i32 %1, 3
        %8 = sext i32 %7 to i64
        %9 = mul i64 %8, 4
        %10 = ptradd ptr.global %0, %9
        store f32 %6, %10
        ret
      }
      """;

  @Test
  void disableSeparateConstOffset_keepsOneAddressPerIndex() {
    java.util.regex.Pattern plus8 = java.util.regex.Pattern.compile("ptradd ptr.global %\\d+, 8");
    assertTrue(plus8.matcher(dump(NEIGHBOURS, Stage.OPT, 3, List.of())).find());
    String off = dump(NEIGHBOURS, Stage.OPT, 3, List.of("disable-separate-const-offset"));
    assertFalse(plus8.matcher(off).find(), off);
    assertTrue(off.contains("add i32 %1, 3"), off);
  }

  /** w[3] (a uniform address) read before in[tid] (a varying one), both read-only. */
  private static final String TWO_LOADS =
      """
      kernel @k(ptr.global readonly %0, ptr.global readonly %1, ptr.global %2) {
      b0:
        %3 = ptradd ptr.global %0, 12
        %4 = load invariant f32 %3
        %5 = intrinsic i32 tid.x()
        %6 = sext i32 %5 to i64
        %7 = ptradd ptr.global %1, %6
        %8 = load invariant f32 %7
        %9 = fmul f32 %4, %8
        store f32 %9, %2
        ret
      }
      """;

  @Test
  void disableVaryingLoadsFirst_keepsSourceOrder() {
    String on = dump(TWO_LOADS, Stage.OPT, 3, List.of());
    assertTrue(on.indexOf("load invariant f32 %7") < on.indexOf("load invariant f32 %3"), on);
    String off = dump(TWO_LOADS, Stage.OPT, 3, List.of("disable-varying-loads-first"));
    assertTrue(off.indexOf("load invariant f32 %3") < off.indexOf("load invariant f32 %7"), off);
  }

  /** (hi << 8) | (lo >>> 24): a funnel shift. */
  private static final String FUNNEL =
      """
      kernel @k(ptr.global %0, i32 %1, i32 %2) {
      b0:
        %3 = shl i32 %1, 8
        %4 = lshr i32 %2, 24
        %5 = or i32 %3, %4
        store i32 %5, %0
        ret
      }
      """;

  @Test
  void disableFormBitOps_keepsTheShifts() {
    assertTrue(dump(FUNNEL, Stage.OPT, 3, List.of()).contains("fshl(i32 %1, i32 %2, i32 8)"));
    String off = dump(FUNNEL, Stage.OPT, 3, List.of("disable-form-bit-ops"));
    assertFalse(off.contains("fshl"), off);
    assertTrue(off.contains("shl i32 %1, 8"), off);
  }

  @Test
  void extraMachineinstrPrinter_printsThePressureStatistics() {
    java.io.PrintStream saved = System.err;
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    try {
      System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
      dump(FOLDABLE, Stage.PTX, 3, List.of());
      assertEquals("", err.toString(java.nio.charset.StandardCharsets.UTF_8));
      dump(FOLDABLE, Stage.PTX, 3, List.of("extra-machineinstr-printer"));
    } finally {
      System.setErr(saved);
    }
    String printed = err.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(
        printed.matches("(?s)k:\\nMax Live RRegs: \\d+\\tPRegs: \\d+\\nFunction Size: \\d+\\n"),
        printed);
  }

  /**
   * Two fmas whose first operand is the same constant, in two blocks: instruction selection, one
   * block at a time, materializes it in each.
   */
  private static final String TWO_FMAS =
      """
      kernel @k(ptr.global %0, f32 %1, i32 %2) {
      b0:
        %3 = intrinsic f32 fma(f32 2.5, f32 %1, f32 %1)
        store f32 %3, %0
        %5 = icmp eq i32 %2, 0
        br %5, b1, b2
      b1:
        %4 = intrinsic f32 fma(f32 2.5, f32 %3, f32 %1)
        store f32 %4, %0
        jump b2
      b2:
        ret
      }
      """;

  @Test
  void disableMachineCse_keepsTheRepeatedConstant() {
    String on = dump(TWO_FMAS, Stage.PTX, 3, List.of("verify-update-mcse"));
    assertEquals(1, on.split("0f40200000", -1).length - 1, on);
    String off = dump(TWO_FMAS, Stage.PTX, 3, List.of("disable-machine-cse"));
    assertEquals(2, off.split("0f40200000", -1).length - 1, off);
  }

  /** A loop shifting by the invariant %1: Java's count mask appears only in legalization. */
  private static final String SHIFT_LOOP =
      """
      kernel @k(ptr.global %0, i32 %1, i32 %2) {
      b0:
        jump b1
      b1:
        %3 = phi i32 [b0: 0], [b1: %5]
        %4 = phi i32 [b0: 1], [b1: %6]
        %6 = shl i32 %4, %1
        %5 = add i32 %3, 1
        %7 = icmp slt i32 %5, %2
        br %7, b1, b2
      b2:
        store i32 %6, %0
        ret
      }
      """;

  @Test
  void disableMachineLicm_leavesTheMaskToPostRaLicm() {
    // the mask's register holds nothing else in the loop: after allocation it leaves the loop
    // (the pipeliner off: its guard blocks before the loop would compute the mask there too)
    String late =
        dump(SHIFT_LOOP, Stage.PTX, 3, List.of("disable-machine-licm", "enable-pipeliner=false"));
    assertTrue(late.indexOf(", 31;") >= 0 && late.indexOf(", 31;") < late.indexOf("$L__BB0_"));
  }

  @Test
  void disableMachineLicm_keepsTheMaskInTheLoop() {
    String on = dump(SHIFT_LOOP, Stage.PTX, 3, List.of());
    // post-RA machine LICM would hoist the mask after allocation instead (see
    // disableMachineLicm_leavesTheMaskToPostRaLicm)
    String off =
        dump(
            SHIFT_LOOP,
            Stage.PTX,
            3,
            List.of("disable-machine-licm", "disable-postra-machine-licm"));
    // the loop starts at its label; the mask is computed before it with the pass, inside without
    int onLoop = on.indexOf("$L__BB0_");
    int offLoop = off.indexOf("$L__BB0_");
    assertTrue(on.indexOf(", 31;") >= 0 && on.indexOf(", 31;") < onLoop, on);
    assertTrue(off.indexOf(", 31;") > offLoop, off);
  }

  @Test
  void disableDce_keepsUnusedInstructions() {
    assertFalse(
        dump(FOLDABLE, Stage.OPT, 3, List.of("disable-constfold")).contains("sub i32 5, 5"));
    assertTrue(
        dump(FOLDABLE, Stage.OPT, 3, List.of("disable-constfold", "disable-dce"))
            .contains("sub i32 5, 5"));
  }

  /** A block that only its predecessor's jump reaches: simplifycfg merges the two. */
  private static final String MERGEABLE =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        %2 = add i32 %1, 1
        jump b1
      b1:
        store i32 %2, %0
        ret
      }
      """;

  @Test
  void disableSimplifycfg_keepsBlocks() {
    assertFalse(dump(MERGEABLE, Stage.OPT, 3, List.of()).contains("b1:"));
    assertTrue(dump(MERGEABLE, Stage.OPT, 3, List.of("disable-simplifycfg")).contains("b1:"));
  }

  /** One value computed twice. */
  private static final String REDUNDANT =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        %2 = mul i32 %1, 7
        %3 = mul i32 %1, 7
        store i32 %2, %0
        store i32 %3, %0
        ret
      }
      """;

  @Test
  void disableGvn_keepsRedundantArithmetic() {
    assertEquals(1, count(dump(REDUNDANT, Stage.OPT, 3, List.of()), "mul i32"));
    assertEquals(2, count(dump(REDUNDANT, Stage.OPT, 3, List.of("disable-gvn")), "mul i32"));
  }

  /** A zeroed two-element local array, written and read at constant offsets. */
  private static final String LOCAL_ARRAY =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        %2 = alloca ptr.local 8, align 4
        intrinsic void memzero(ptr.local %2, i32 8)
        %3 = ptradd ptr.local %2, 4
        store i32 %1, %3
        %4 = load i32 %3
        store i32 %4, %0
        ret
      }
      """;

  @Test
  void disablePromoteLocalArrays_keepsTheAlloca() {
    String promoted = dump(LOCAL_ARRAY, Stage.OPT, 3, List.of());
    assertFalse(promoted.contains("alloca"), promoted);
    assertFalse(promoted.contains("load"), promoted);
    String kept = dump(LOCAL_ARRAY, Stage.OPT, 3, List.of("disable-promote-local-arrays"));
    assertTrue(kept.contains("alloca ptr.local 8"), kept);
  }

  @Test
  void nvDisableMem2reg_keepsTheLocalArrayTheIrPassLeft() {
    // promote-local-arrays off: the array reaches machine code, where nvptx-mem2reg promotes it
    List<String> noIrPromotion = List.of("disable-promote-local-arrays");
    String promoted = dump(LOCAL_ARRAY, Stage.PTX, 3, noIrPromotion);
    assertFalse(promoted.contains(".local"), promoted);
    List<String> neither = List.of("disable-promote-local-arrays", "nv-disable-mem2reg");
    String kept = dump(LOCAL_ARRAY, Stage.PTX, 3, neither);
    assertTrue(kept.contains(".local .align 4 .b8"), kept);
    assertTrue(kept.contains("st.local.u32"), kept);
  }

  /** A loop computing {@code x * x} on every iteration. */
  private static final String INVARIANT =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        jump b1
      b1:
        %2 = phi i32 [b0: 0], [b2: %5]
        %3 = icmp slt i32 %2, %1
        br %3, b2, b3
      b2:
        %4 = mul i32 %1, %1
        store i32 %4, %0
        %5 = add i32 %2, 1
        jump b1
      b3:
        ret
      }
      """;

  @Test
  void disableLicm_keepsInvariantsInTheLoop() {
    String hoisted = dump(INVARIANT, Stage.OPT, 3, List.of());
    assertTrue(hoisted.indexOf("mul i32") < hoisted.indexOf("phi"), hoisted);
    String kept = dump(INVARIANT, Stage.OPT, 3, List.of("disable-licm"));
    assertTrue(kept.indexOf("mul i32") > kept.indexOf("phi"), kept);
  }

  /** A loop of 4 constant iterations storing its induction variable. */
  static final String CONSTANT_LOOP =
      """
      kernel @k(ptr.global %0) {
      b0:
        jump b1
      b1:
        %1 = phi i32 [b0: 0], [b2: %2]
        %3 = icmp slt i32 %1, 4
        br %3, b2, b3
      b2:
        store i32 %1, %0
        %2 = add i32 %1, 1
        jump b1
      b3:
        ret
      }
      """;

  /** A loop with a runtime trip count, which rotation tests at the bottom. */
  private static final String COUNTED_LOOP =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        jump b1
      b1:
        %2 = phi i32 [b0: 0], [b2: %3]
        %4 = icmp slt i32 %2, %1
        br %4, b2, b3
      b2:
        store i32 %2, %0
        %3 = add i32 %2, 1
        jump b1
      b3:
        ret
      }
      """;

  @Test
  void disableLoopRotate_keepsTheTestAtTheTop() {
    // rotated: the latch ends in the loop's conditional branch, so no block ends in a jump back
    // (runtime unrolling off: its remainder loop would be rotated too)
    String rotated = dump(COUNTED_LOOP, Stage.PTX, 2, List.of("unroll-runtime-count=1"));
    assertEquals(2, rotated.split("setp", -1).length - 1, rotated);
    String kept =
        dump(COUNTED_LOOP, Stage.PTX, 2, List.of("unroll-runtime-count=1", "disable-loop-rotate"));
    assertEquals(1, kept.split("setp", -1).length - 1, kept);
  }

  private static int count(String text, String what) {
    return text.split(java.util.regex.Pattern.quote(what), -1).length - 1;
  }

  @Test
  void disableMachineDce_keepsDeadPhi() {
    assertFalse(dump(DEAD_PHI, Stage.MIR, 0, List.of()).contains("PHI"));
    assertTrue(dump(DEAD_PHI, Stage.MIR, 0, List.of("-disable-machine-dce")).contains("PHI"));
  }

  /** A bounds-checked store of a parameter: only threads inside the bound read it. */
  private static final String GUARDED_STORE =
      """
      kernel @k(i32 %0, ptr.global %1, i32 %2) {
      b0:
        %3 = intrinsic i32 tid.x()
        %4 = icmp slt i32 %3, %0
        br %4, b1, b2
      b1:
        store i32 %2, %1
        jump b2
      b2:
        ret
      }
      """;

  @Test
  void disableParamSinking_loadsEveryParameterInTheEntryBlock() {
    String sunk = dump(GUARDED_STORE, Stage.PTX, 3, List.of());
    assertTrue(sunk.indexOf("[k_param_2]") > sunk.indexOf("bra "), sunk);
    String entry = dump(GUARDED_STORE, Stage.PTX, 3, List.of("disable-param-sinking"));
    assertTrue(entry.indexOf("[k_param_2]") < entry.indexOf("bra "), entry);
  }

  @Test
  void joinLiveintervals_false_keepsThePhiCopies() {
    // without assignment, which would give a copy's two sides one register where it can
    List<String> own = List.of("disable-register-assignment");
    String joined = dump(CONSTANT_LOOP, Stage.RA, 1, own);
    assertFalse(joined.contains("COPY"), joined);
    List<String> kept = List.of("disable-register-assignment", "join-liveintervals=false");
    String copies = dump(CONSTANT_LOOP, Stage.RA, 1, kept);
    assertTrue(copies.contains("COPY"), copies);
  }

  /**
   * Two array addresses and four values under a budget of 5 units: something must leave a register.
   * The second address is written before the loads and after them.
   */
  private static final String TWO_ARRAYS_OVER_BUDGET =
      """
      kernel @k(ptr.global %0, ptr.global %1) maxnreg(5) {
      b0:
        store i32 0, %1
        %2 = load i32 %0
        %3 = ptradd ptr.global %0, 4
        %4 = load i32 %3
        %5 = ptradd ptr.global %0, 8
        %6 = load i32 %5
        %10 = ptradd ptr.global %0, 12
        %11 = load i32 %10
        %12 = add i32 %2, %4
        %13 = add i32 %12, %6
        %8 = add i32 %13, %11
        %9 = ptradd ptr.global %1, 4
        store i32 %8, %9
        ret
      }
      """;

  @Test
  void rematLoadParam_recomputesAnArrayAddressInsteadOfSpillingIt() {
    // without the scheduler, which would fix this block by moving the second address down
    List<String> base = List.of("nvptx-sched4reg=false");
    String remat = dump(TWO_ARRAYS_OVER_BUDGET, Stage.PTX, 3, base);
    assertFalse(remat.contains(".local"), remat);
    List<String> spill = List.of("nvptx-sched4reg=false", "remat-load-param=false");
    String spilled = dump(TWO_ARRAYS_OVER_BUDGET, Stage.PTX, 3, spill);
    assertTrue(spilled.contains("st.local.b64 [__local_depot0]"), spilled);
  }

  /**
   * Under a budget of four units, %3 and %4 (one instruction on the parameter %1, which both
   * branches read) are live out of b0 with the array address and %1: block rematerialization
   * recomputes them in the branches.
   */
  private static final String CROWDED_BRANCH =
      """
      kernel @k(ptr.global %0, i32 %1, i32 %2) maxnreg(4) {
      b0:
        %3 = add i32 %1, 1
        %4 = shl i32 %1, 2
        %5 = icmp slt i32 %1, %2
        br %5, b1, b2
      b1:
        store i32 %3, %0
        %6 = ptradd ptr.global %0, 4
        store i32 %4, %6
        %9 = ptradd ptr.global %0, 16
        store i32 %1, %9
        ret
      b2:
        %7 = ptradd ptr.global %0, 8
        store i32 %3, %7
        %8 = ptradd ptr.global %0, 12
        store i32 %1, %8
        ret
      }
      """;

  @Test
  void nvDisableRemat_andRematBlockZero_keepEveryValueWhereItIsComputed() {
    String remat = dump(CROWDED_BRANCH, Stage.RA, 3, List.of());
    assertFalse(entryBlock(remat).contains("ADD_S32"), remat);
    String off = dump(CROWDED_BRANCH, Stage.RA, 3, List.of("nv-disable-remat"));
    assertTrue(entryBlock(off).contains("ADD_S32"), off);
    assertTrue(entryBlock(off).contains("SHL_B32"), off);
    // mode 0 leaves the pass out of the pipeline: it reports nothing (the spiller, which
    // recomputes parameter values itself, makes the same MIR either way here)
    assertTrue(stderrOf(CROWDED_BRANCH, List.of("nv-dump-remat-block")).contains("Pull-in"));
    assertEquals("", stderrOf(CROWDED_BRANCH, List.of("nv-dump-remat-block", "nv-remat-block=0")));
    assertEquals("", stderrOf(CROWDED_BRANCH, List.of("nv-dump-remat-block", "nv-disable-remat")));
    // and spilling under the budget no longer recomputes parameter values
    List<String> spill = List.of("nvptx-sched4reg=false", "nv-disable-remat");
    String spilled = dump(TWO_ARRAYS_OVER_BUDGET, Stage.PTX, 3, spill);
    assertTrue(spilled.contains("st.local.b64 [__local_depot0]"), spilled);
  }

  private static String stderrOf(String ir, List<String> knobs) {
    java.io.PrintStream saved = System.err;
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    try {
      System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
      dump(ir, Stage.RA, 3, knobs);
    } finally {
      System.setErr(saved);
    }
    return err.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  private static String entryBlock(String mir) {
    return mir.substring(mir.indexOf("bb0:"), mir.indexOf("bb1:"));
  }

  /** Two phases, each with five loaded values live at once under a budget of 5 units. */
  private static final String TWO_CROWDED_PHASES =
      """
      kernel @k(ptr.global %0, ptr.global %1) maxnreg(5) {
      b0:
        %2 = ptradd ptr.global %0, 0
        %12 = load i32 %2
        %3 = ptradd ptr.global %0, 4
        %13 = load i32 %3
        %4 = ptradd ptr.global %0, 8
        %14 = load i32 %4
        %5 = ptradd ptr.global %0, 12
        %15 = load i32 %5
        %6 = ptradd ptr.global %0, 16
        %16 = load i32 %6
        %30 = add i32 %12, %13
        %31 = add i32 %30, %14
        %32 = add i32 %31, %15
        %33 = add i32 %32, %16
        store i32 %33, %1
        %40 = ptradd ptr.global %0, 32
        %50 = load i32 %40
        %41 = ptradd ptr.global %0, 36
        %51 = load i32 %41
        %42 = ptradd ptr.global %0, 40
        %52 = load i32 %42
        %43 = ptradd ptr.global %0, 44
        %53 = load i32 %43
        %44 = ptradd ptr.global %0, 48
        %54 = load i32 %44
        %60 = add i32 %50, %51
        %61 = add i32 %60, %52
        %62 = add i32 %61, %53
        %63 = add i32 %62, %54
        %64 = ptradd ptr.global %1, 4
        store i32 %63, %64
        ret
      }
      """;

  @Test
  void disableSsc_givesEverySpillSlotItsOwnSpace() {
    List<String> base = List.of("nvptx-sched4reg=false");
    String shared = dump(TWO_CROWDED_PHASES, Stage.PTX, 1, base);
    List<String> own = List.of("nvptx-sched4reg=false", "disable-ssc");
    String separate = dump(TWO_CROWDED_PHASES, Stage.PTX, 1, own);
    assertTrue(shared.contains("__local_depot0["), shared);
    assertTrue(depotBytes(shared) < depotBytes(separate), shared + separate);
  }

  private static int depotBytes(String ptx) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("__local_depot0\\[(\\d+)]").matcher(ptx);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }

  /** A product computed before a branch and read only on one side of it. */
  private static final String READ_ON_ONE_SIDE =
      """
      kernel @k(i32 %0, ptr.global %1, i32 %2) {
      b0:
        %3 = intrinsic i32 tid.x()
        %5 = mul i32 %3, %3
        %4 = icmp slt i32 %3, %0
        br %4, b1, b2
      b1:
        store i32 %5, %1
        jump b2
      b2:
        ret
      }
      """;

  @Test
  void nvptxEnableMachineSink_movesTheProductToItsReader() {
    String stays = dump(READ_ON_ONE_SIDE, Stage.MIR, 3, List.of());
    assertTrue(stays.matches("(?s).*MUL_LO_S32.*BRA bb1.*bb1:.*"), stays);
    String sunk = dump(READ_ON_ONE_SIDE, Stage.MIR, 3, List.of("nvptx-enable-machine-sink"));
    assertTrue(sunk.matches("(?s).*bb1:\\s+%\\d+:b32 = MUL_LO_S32.*"), sunk);
  }

  /** A chain of values, each dead once the next is made but the first, read again at the end. */
  private static final String VALUE_CHAIN =
      """
      kernel @k(ptr.global %0) {
      b0:
        %1 = intrinsic i32 tid.x()
        %2 = mul i32 %1, %1
        %3 = add i32 %2, 7
        %4 = mul i32 %3, %3
        %5 = xor i32 %4, %1
        store i32 %5, %0
        ret
      }
      """;

  @Test
  void disableRegisterAssignment_keepsOneRegisterPerValue() {
    String shared = dump(VALUE_CHAIN, Stage.PTX, 3, List.of());
    assertTrue(shared.contains(".reg .b32 \t%r<3>;"), shared);
    String own = dump(VALUE_CHAIN, Stage.PTX, 3, List.of("disable-register-assignment"));
    assertTrue(own.contains(".reg .b32 \t%r<5>;"), own);
  }

  @Test
  void verifyRegalloc_catchesAnAllocationThatSharesALiveRegister() {
    // every value in register 0 of its class: %1 is still needed when %2 overwrites it
    RegisterAllocator oneRegister =
        (f, budget) -> new Allocation(List.of(), new int[f.vregCount()]);
    CompilerOptions checked =
        CompilerOptions.defaults().withKnobs(Knobs.parse(List.of("verify-regalloc")));
    Module m = IrParser.parseModule("t", VALUE_CHAIN);
    InternalCompilerError e =
        assertThrows(
            InternalCompilerError.class,
            () ->
                new Pipeline(checked, DumpSink.NONE)
                    .withAllocator(oneRegister)
                    .compileModule("t", m));
    assertTrue(e.getMessage().contains("register allocation of k is wrong"), e.getMessage());
    // unchecked, the same allocation goes through (and would compute garbage)
    new Pipeline(CompilerOptions.defaults(), DumpSink.NONE)
        .withAllocator(oneRegister)
        .compileModule("t", IrParser.parseModule("t", VALUE_CHAIN));
  }

  /** An i128 sum, which type legalization expands into i64 halves below sm_100. */
  private static final String WIDE_SUM =
      """
      kernel @k(ptr.global %0, i64 %1) {
      b0:
        %2 = sext i64 %1 to i128
        %3 = add i128 %2, %2
        %4 = trunc i128 %3 to i64
        store i64 %4, %0
        ret
      }
      """;

  @Test
  void enableLegalizeTypesChecking_verifiesAndShowsTheMaps() {
    // the checks' failures are shown by LegalizationChecksTest; here, that the knob runs them
    assertFalse(dump(WIDE_SUM, Stage.LEGALIZE, 0, List.of()).contains("ExpandedIntegers"));
    String checked = dump(WIDE_SUM, Stage.LEGALIZE, 0, List.of("enable-legalize-types-checking"));
    assertTrue(checked.contains("; ExpandedIntegers: "), checked);
  }

  /** A binary16 sum, which sm_52 cannot compute in f16. */
  private static final String HALF_SUM =
      """
      kernel @k(ptr.global %0, i16 %1) {
      b0:
        %2 = bitcast i16 %1 to f16
        %3 = fadd f16 %2, %2
        %4 = bitcast f16 %3 to i16
        store i16 %4, %0
        ret
      }
      """;

  @Test
  void softenFloat_carriesHalvesAsPatterns() {
    List<String> checks = List.of("enable-legalize-types-checking");
    String promoted = dump(HALF_SUM, Stage.LEGALIZE, 0, checks, "sm_52");
    assertTrue(promoted.contains("; PromotedFloats: "), promoted);
    String softened =
        dump(
            HALF_SUM,
            Stage.LEGALIZE,
            0,
            List.of("enable-legalize-types-checking", "soften-float"),
            "sm_52");
    assertTrue(softened.contains("; SoftenedFloats: "), softened);
    assertFalse(softened.contains("PromotedFloats"), softened);
  }

  /** A pass that breaks the machine IR: it redefines a register with the wrong class. */
  private static final MachinePass BREAKER =
      new MachinePass() {
        @Override
        public String name() {
          return "test-breaker";
        }

        @Override
        public boolean run(MachineFunction f) {
          MachineBlock b = f.blocks().get(0);
          VReg wrong = f.newVReg(RegisterClass.F64);
          b.instrs().add(0, MachineInstr.of(IntegerOpcodes.ADD_S32, List.of(wrong), List.of(), 0));
          return true;
        }
      };

  @Test
  void verifyMachineinstrs_catchesABrokenPass() {
    // without the verifier the damage surfaces later, far from the pass that did it
    CompilerOptions base = CompilerOptions.defaults().withOptLevel(0);
    InternalCompilerError late =
        assertThrows(
            InternalCompilerError.class,
            () ->
                new Pipeline(base, DumpSink.NONE)
                    .withExtraMachinePass(BREAKER)
                    .compileModule("t", IrParser.parseModule("t", FOLDABLE)));
    assertFalse(late.getMessage().contains("test-breaker"), late.getMessage());
    CompilerOptions verifying = base.withKnobs(Knobs.parse(List.of("verify-machineinstrs")));
    InternalCompilerError e =
        assertThrows(
            InternalCompilerError.class,
            () ->
                new Pipeline(verifying, DumpSink.NONE)
                    .withExtraMachinePass(BREAKER)
                    .compileModule("t", IrParser.parseModule("t", FOLDABLE)));
    assertTrue(e.getMessage().contains("test-breaker"), e.getMessage());
  }

  private static final String CALLS =
      """
      kernel @k(i32 %0) {
      b0:
        %1 = call i32 @twice(i32 %0)
        ret
      }

      func i32 @twice(i32 %0) {
      b0:
        %1 = add i32 %0, %0
        ret i32 %1
      }
      """;

  @Test
  void inlineThreshold_decidesWhatIsInlined() {
    // the default inlines the small callee away; a threshold of 0 keeps the call
    assertFalse(dump(CALLS, Stage.OPT, 3, List.of()).contains("call"));
    assertTrue(
        dump(CALLS, Stage.OPT, 3, List.of("inline-threshold=0")).contains("call i32 @twice"));
    assertTrue(dump(CALLS, Stage.OPT, 3, List.of("inline-threshold=1")).contains("call"));
    assertFalse(dump(CALLS, Stage.OPT, 3, List.of("inline-threshold=2")).contains("call"));
  }

  @Test
  void parse_rejectsUnknownKnobsAndBadValues() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Knobs.parse(List.of("no-such-knob")));
    assertTrue(e.getMessage().contains("known knobs"));
    assertThrows(IllegalArgumentException.class, () -> Knobs.parse(List.of("disable-dce=maybe")));
  }

  @Test
  void everyKnob_isCoveredByATestHere() {
    Set<String> tested =
        Set.of(
            "nv-disable-mem2reg",
            "disable-constfold",
            "disable-narrow-float",
            "disable-separate-const-offset",
            "disable-varying-loads-first",
            "disable-form-bit-ops",
            "disable-dce",
            "disable-simplifycfg",
            "disable-gvn",
            "disable-licm",
            "disable-promote-local-arrays",
            // their effects: UnrollKnobsTest
            "disable-unroll",
            "unroll-threshold",
            "disable-unroll-runtime",
            "unroll-runtime-count",
            "unroll-partial-count",
            "unroll-runtime-threshold",
            "disable-strength-reduce",
            "disable-load-store-vectorizer",
            "disable-loop-rotate",
            "disable-machine-dce",
            // their effects: PeepholeKnobsTest, through the pipeline's SSA machine passes
            "disable-param-opt",
            "disable-nvptx-trunc-opts",
            "disable-redundant-move-elim",
            "disable-peephole",
            "enable-nvvm-peephole",
            "disable-param-sinking",
            "join-liveintervals",
            "enable-legalize-types-checking",
            "soften-float",
            "inline-threshold",
            "verify-machineinstrs",
            "extra-machineinstr-printer",
            "disable-machine-cse",
            "disable-machine-licm",
            // their effects: codegen.MachineCseTest, on MIR built to show each one
            "rp-aware-mcse",
            "pred-aware-mcse",
            "copy-prop-mcse",
            "incremental-update-mcse",
            "verify-update-mcse",
            "disable-register-assignment",
            "verify-regalloc",
            // its effect: regalloc.RegisterBudgetTest, on a kernel with 48 values live at once
            "nvptx-sched4reg",
            "disable-ssc",
            // their effects: MachinePassKnobsTest, ControlFlowKnobsTest
            "disable-branch-fold",
            "disable-block-placement",
            "disable-copyprop",
            "disable-postra-machine-licm",
            "nvptx-enable-machine-sink",
            "remat-load-param",
            "nv-disable-remat",
            // their effects: BlockRematKnobsTest, on machine IR
            "nv-remat-block",
            "nv-remat-max-times",
            "nv-remat-block-single-cost",
            "nv-remat-block-map-size-limit",
            "nv-remat-block-max-cost",
            "nv-remat-block-liveout-min-percentage",
            "nv-remat-block-loop-cost-factor",
            "nv-remat-default-max-reg",
            "nv-remat-block-load-cost",
            "nv-remat-threshold-for-spec-reg",
            "nv-remat-check-internal-live",
            "nv-dump-remat-block",
            "load-remat",
            "no-mi-remat",
            // their effects: PipelinerKnobsTest, one test each
            "enable-pipeliner enable-pipeliner-opt-size pipeliner-max-mii pipeliner-force-ii pipeliner-max-stages"
                + " pipeliner-prune-deps pipeliner-prune-loop-carried pipeliner-ignore-recmii"
                + " pipeliner-show-mask pipeliner-dbg-res pipeliner-annotate-for-testing"
                + " pipeliner-experimental-cg pipeliner-ii-search-range pipeliner-register-pressure"
                + " pipeliner-register-pressure-margin pipeliner-mve-cg pipeliner-enable-copytophi"
                + " pipeliner-force-issue-width pipeliner-test-ii-offset",
            // OutlinerKnobsTest, one test each
            "enable-machine-outliner outliner-benefit-threshold machine-outliner-reruns"
                + " outliner-leaf-descendants");
    for (Knob k : Knobs.all()) {
      boolean listed = tested.stream().anyMatch(t -> List.of(t.split(" ")).contains(k.name()));
      assertTrue(listed, "knob " + k.name() + " has no test showing its effect");
    }
  }

  /** A loop whose stored value ((k << 2) - k) * 5 - k is worth an induction variable of its own. */
  private static final String SCALED_INDEX =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        jump b1
      b1:
        %2 = phi i32 [b0: 0], [b2: %7]
        %3 = icmp slt i32 %2, %1
        br %3, b2, b3
      b2:
        %4 = shl i32 %2, 2
        %5 = sub i32 %4, %2
        %6 = mul i32 %5, 5
        %8 = sub i32 %6, %2
        store i32 %8, %0
        %7 = add i32 %2, 1
        jump b1
      b3:
        ret
      }
      """;

  @Test
  void disableStrengthReduce_keepsMultiplicationsInTheLoop() {
    // runtime unrolling off: it would repeat the body, each copy with its own multiplication
    String reduced = dump(SCALED_INDEX, Stage.OPT, 2, List.of("unroll-runtime-count=1"));
    assertEquals(0, count(reduced, "mul i32"), reduced);
    assertEquals(2, count(reduced, "phi i32"), reduced);
    String kept =
        dump(
            SCALED_INDEX,
            Stage.OPT,
            2,
            List.of("unroll-runtime-count=1", "disable-strength-reduce"));
    assertEquals(1, count(kept, "mul i32"), kept);
    assertEquals(1, count(kept, "phi i32"), kept);
    String o1 = dump(SCALED_INDEX, Stage.OPT, 1, List.of());
    assertEquals(1, count(o1, "mul i32"), o1);
  }

  /** Four floats at a kernel array's bytes 16..31: aligned for one 16-byte vector load. */
  private static final String FOUR_FLOATS =
      """
      kernel @k(ptr.global %0, ptr.global %1) {
      b0:
        %2 = ptradd ptr.global %0, 16
        %3 = load f32 %2
        %4 = ptradd ptr.global %0, 20
        %5 = load f32 %4
        %6 = ptradd ptr.global %0, 24
        %7 = load f32 %6
        %8 = ptradd ptr.global %0, 28
        %9 = load f32 %8
        %10 = fadd f32 %3, %5
        %11 = fadd f32 %7, %9
        %12 = fmul f32 %10, %11
        store f32 %12, %1
        ret
      }
      """;

  @Test
  void disableLoadStoreVectorizer_keepsScalarLoads() {
    String merged = dump(FOUR_FLOATS, Stage.PTX, 2, List.of());
    assertEquals(1, count(merged, "ld.global.v4.f32"), merged);
    assertEquals(0, count(merged, "ld.global.f32"), merged);
    String kept = dump(FOUR_FLOATS, Stage.PTX, 2, List.of("disable-load-store-vectorizer"));
    assertEquals(0, count(kept, ".v4."), kept);
    assertEquals(4, count(kept, "ld.global.f32"), kept);
    String o1 = dump(FOUR_FLOATS, Stage.PTX, 1, List.of());
    assertEquals(4, count(o1, "ld.global.f32"), o1);
  }
}
