package dev.jptx.compiler.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.Tools;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The lint's rules on hand-written PTX: each bad snippet is found, each good one is clean. */
class PtxLintTest {
  /** The first body line of {@link #kernel}. */
  private static final int BODY = 15;

  /** A kernel {@code k} around {@code body}, which starts on line {@link #BODY}. */
  private static String kernel(String... body) {
    return ".version 7.8\n.target sm_90\n.address_size 64\n\n"
        + ".visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n"
        + "\t.reg .pred \t%p<10>;\n\t.reg .b16 \t%h<10>;\n\t.reg .b32 \t%r<40>;\n"
        + "\t.reg .b64 \t%rd<40>;\n\t.reg .f32 \t%f<40>;\n\t.reg .f64 \t%fd<40>;\n"
        + "\t"
        + String.join("\n\t", body)
        + "\n\tret;\n}\n";
  }

  private static LintFinding only(String ptx, boolean fastMath) {
    List<LintFinding> f = PtxLint.check(ptx, fastMath);
    assertEquals(1, f.size(), () -> f.toString());
    return f.get(0);
  }

  // --- rule 1: strict float arithmetic

  @Test
  void strictFloat_plainAddIsFoundWithTheDocumentedMessage() {
    LintFinding f = only(kernel("add.f32 %f3, %f1, %f2;"), false);
    assertEquals(PtxLint.STRICT_FLOAT, f.rule());
    assertEquals(
        "line 15 in k: add.f32 %f3, %f1, %f2: strict mode needs an explicit rounding modifier"
            + " (.rn), or ptxas may contract it into an FMA",
        f.format());
  }

  static Stream<String[]> badFloat() {
    return Stream.of(
        new String[] {"sub.f64 %fd3, %fd1, %fd2", StrictFloatRule.CONTRACTION},
        new String[] {"mul.ftz.f32 %f3, %f1, %f2", StrictFloatRule.CONTRACTION},
        new String[] {"mul.f32 %f3, %f1, 0f40000000", StrictFloatRule.CONTRACTION},
        new String[] {"add.f16x2 %r3, %r1, %r2", StrictFloatRule.CONTRACTION},
        new String[] {"mul.f16 %h3, %h1, %h2", StrictFloatRule.CONTRACTION},
        new String[] {"sub.bf16x2 %r3, %r1, %r2", StrictFloatRule.CONTRACTION},
        new String[] {"mad.rn.f32 %f4, %f1, %f2, %f3", StrictFloatRule.MAD},
        new String[] {"mad.rn.f64 %fd4, %fd1, %fd2, %fd3", StrictFloatRule.MAD},
        new String[] {"div.full.f32 %f3, %f1, %f2", StrictFloatRule.DIV},
        new String[] {"div.approx.f32 %f3, %f1, %f2", StrictFloatRule.DIV},
        new String[] {"rcp.approx.ftz.f64 %fd2, %fd1", StrictFloatRule.RCP},
        new String[] {"rcp.approx.f32 %f2, %f1", StrictFloatRule.RCP},
        new String[] {"sqrt.approx.f32 %f2, %f1", StrictFloatRule.SQRT});
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badFloat")
  void strictFloat_unroundedOrFusedArithmeticIsFound(String instruction, String message) {
    LintFinding f = only(kernel(instruction + ";"), false);
    assertEquals(new LintFinding("k", BODY, instruction, PtxLint.STRICT_FLOAT, message), f);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badFloat")
  void strictFloat_isOffInFastMath(String instruction, String message) {
    assertEquals(List.of(), PtxLint.check(kernel(instruction + ";"), true));
  }

  private static final String[] GOOD_FLOAT = {
    "add.rn.f32 %f3, %f1, %f2;",
    "sub.rz.f64 %fd3, %fd1, %fd2;",
    "mul.rn.ftz.f32 %f4, %f1, %f2;",
    "mul.rm.f64 %fd4, %fd1, 0d3FE0000000000000;",
    "fma.rn.f32 %f5, %f1, %f2, %f3;",
    "fma.rn.f64 %fd5, %fd1, %fd2, %fd3;",
    "div.rn.f32 %f6, %f1, %f2;",
    "div.rn.f64 %fd6, %fd1, %fd2;",
    "rcp.rn.f32 %f7, %f1;",
    // the device library's seed of a Newton step (HardwareApprox.rcpFtz)
    "rcp.approx.ftz.f32 %f10, %f1;",
    "sqrt.rn.f32 %f8, %f1;",
    "add.rn.f16x2 %r3, %r1, %r2;",
    "mul.rn.f16 %h3, %h1, %h2;",
    "neg.f32 %f9, %f1;",
    "add.s32 %r4, %r1, %r2;",
    "mul.lo.s32 %r5, %r1, %r2;",
    "mad.lo.s32 %r6, %r1, %r2, %r3;",
    "mul.wide.s32 %rd1, %r1, 4;",
    "mad.wide.s32 %rd2, %r1, 4, %rd1;"
  };

  @Test
  void strictFloat_roundedArithmeticAndIntegersAreClean() {
    assertEquals(List.of(), PtxLint.check(kernel(GOOD_FLOAT), false));
  }

  // --- rule 2: NaN select after float-to-int conversions

  private static final String[] GOOD_CONVERSIONS = {
    // the compiler's form
    "setp.nan.f64 %p1, %fd1, %fd1;",
    "cvt.rzi.s32.f64 %r1, %fd1;",
    "selp.b32 %r2, 0, %r1, %p1;",
    // a number test selects the other way round
    "setp.num.f32 %p2, %f1, %f1;",
    "cvt.rzi.s64.f32 %rd1, %f1;",
    "selp.b64 %rd2, %rd1, 0, %p2;",
    "testp.notanumber.f64 %p3, %fd2;",
    "cvt.rzi.s64.f64 %rd3, %fd2;",
    "selp.b64 %rd4, 0, %rd3, %p3;",
    // the second predicate of a pair is the complement of the first
    "setp.nan.f64 %p4|%p5, %fd3, %fd3;",
    "cvt.rzi.u64.f64 %rd5, %fd3;",
    "selp.b64 %rd6, %rd5, 0, %p5;",
    // a NaN test against a number literal tests the register alone
    "setp.nan.f64 %p6, %fd4, 0d0000000000000000;",
    "cvt.rzi.s32.f64 %r5, %fd4;",
    "selp.b32 %r6, 0, %r5, %p6;",
    "setp.num.f64 %p7, 0dBFF0000000000000, %fd5;",
    "cvt.rzi.s64.f64 %rd7, %fd5;",
    "selp.b64 %rd8, %rd7, 0, %p7;",
    // f32 to s32 maps NaN to 0 itself
    "cvt.rzi.s32.f32 %r3, %f2;",
    "add.s32 %r4, %r3, %r2;",
    "st.global.u64 [%rd2], %rd4;"
  };

  @Test
  void nanSelect_selectsOnANanTestOfTheSourceAreClean() {
    assertEquals(List.of(), PtxLint.check(kernel(GOOD_CONVERSIONS), false));
  }

  @Test
  void nanSelect_resultReadDirectlyIsFound() {
    LintFinding f =
        only(kernel("cvt.rzi.s64.f64 %rd1, %fd1;", "st.global.u64 [%rd2], %rd1;"), false);
    assertEquals(PtxLint.NAN_SELECT, f.rule());
    assertEquals(
        "line 15 in k: cvt.rzi.s64.f64 %rd1, %fd1: Java maps NaN to 0, but cvt.rzi.s64.f64 gives"
            + " the minimum value: its result %rd1 may only be read by a selp that picks 0 when a"
            + " NaN test of %fd1 holds (setp.nan.f64 %p, %fd1, %fd1), but line 16 reads it:"
            + " st.global.u64 [%rd2], %rd1",
        f.format());
  }

  static Stream<String[]> badSelects() {
    return Stream.of(
        // the test is of another register
        new String[] {"setp.nan.f64 %p1, %fd2, %fd2;", "selp.b32 %r2, 0, %r1, %p1;"},
        // 0 is picked when the value is a number
        new String[] {"setp.nan.f64 %p1, %fd1, %fd1;", "selp.b32 %r2, %r1, 0, %p1;"},
        new String[] {"setp.num.f64 %p1, %fd1, %fd1;", "selp.b32 %r2, 0, %r1, %p1;"},
        // not a NaN test
        new String[] {"setp.lt.f64 %p1, %fd1, %fd1;", "selp.b32 %r2, 0, %r1, %p1;"},
        // against a NaN literal the test holds whatever the register
        new String[] {"setp.nan.f64 %p1, %fd1, 0d7FF8000000000000;", "selp.b32 %r2, 0, %r1, %p1;"},
        // equality with a literal is not a NaN test
        new String[] {"setp.neu.f64 %p1, %fd1, 0d0000000000000000;", "selp.b32 %r2, 0, %r1, %p1;"},
        // the replacement is not 0
        new String[] {"setp.nan.f64 %p1, %fd1, %fd1;", "selp.b32 %r2, 1, %r1, %p1;"},
        // a second definition of the predicate is not a NaN test
        new String[] {
          "setp.nan.f64 %p1, %fd1, %fd1;\n\tsetp.gt.s32 %p1, %r5, 0;", "selp.b32 %r2, 0, %r1, %p1;"
        });
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("badSelects")
  void nanSelect_wrongSelectIsFound(String test, String select) {
    LintFinding f = only(kernel("cvt.rzi.s32.f64 %r1, %fd1;", test, select), false);
    assertEquals(PtxLint.NAN_SELECT, f.rule());
    assertEquals(BODY, f.line());
    assertTrue(f.message().endsWith("reads it: " + select.replace(";", "")), f.message());
  }

  @Test
  void nanSelect_aFloatConvertedFromAnIntegerIsNeverNan() {
    // block rematerialization may recompute such a value after the compiler's NaN test
    assertEquals(
        List.of(),
        PtxLint.check(
            kernel(
                "cvt.rn.f64.s32 %fd1, %r5;",
                "cvt.rzi.s32.f64 %r1, %fd1;", "st.global.u32 [%rd2], %r1;"),
            false));
    // one reaching definition from a float is enough to need the select
    LintFinding f =
        only(
            kernel(
                "cvt.rn.f64.s32 %fd1, %r5;",
                "@%p1 ld.global.f64 %fd1, [%rd2];",
                "cvt.rzi.s32.f64 %r1, %fd1;",
                "st.global.u32 [%rd2], %r1;"),
            false);
    assertEquals(PtxLint.NAN_SELECT, f.rule());
  }

  @Test
  void nanSelect_isCheckedInFastMathToo() {
    String ptx = kernel("cvt.rzi.s32.f64 %r1, %fd1;", "st.global.u32 [%rd2], %r1;");
    assertEquals(PtxLint.NAN_SELECT, only(ptx, true).rule());
  }

  // --- rule 3: shift counts

  private static final String[] GOOD_SHIFTS = {
    "ld.param.u32 %r1, [k_param_0];",
    "and.b32 %r2, %r1, 31;",
    "shl.b32 %r3, %r1, %r2;",
    "and.b32 %r4, %r1, 63;",
    "shr.s64 %rd2, %rd1, %r4;",
    // a smaller mask, in hexadecimal, on the left
    "and.b32 %r5, 0x7, %r1;",
    "shr.u32 %r6, %r1, %r5;",
    // a constant in a register, and copies of masked counts from two paths
    "mov.b32 %r7, 5;",
    "shr.u64 %rd3, %rd1, %r7;",
    "@%p1 mov.b32 %r8, %r2;",
    "@!%p1 mov.b32 %r8, %r7;",
    "shl.b32 %r9, %r1, %r8;",
    // constant counts below the width
    "shl.b32 %r10, %r1, 31;",
    "shr.s64 %rd4, %rd1, 63;",
    // funnel shifts are not checked
    "shf.l.wrap.b32 %r11, %r1, %r1, %r1;",
    // a 5-bit (6-bit) field extracted by bfe is a masked count
    "bfe.u32 %r12, %r1, 3, 5;",
    "shl.b32 %r13, %r1, %r12;",
    "bfe.u32 %r14, %r1, 0, 6;",
    "shr.u64 %rd5, %rd1, %r14;"
  };

  @Test
  void shiftMask_maskedAndConstantCountsAreClean() {
    assertEquals(List.of(), PtxLint.check(kernel(GOOD_SHIFTS), false));
  }

  @Test
  void shiftMask_countInALoopCopyIsClean() {
    String ptx =
        kernel(
            "and.b32 %r2, %r1, 31;",
            "mov.b32 %r3, %r2;",
            "$L__BB0_1:",
            "shl.b32 %r4, %r4, %r3;",
            "mov.b32 %r3, %r3;",
            "setp.ne.s32 %p1, %r4, 0;",
            "@%p1 bra $L__BB0_1;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  /**
   * A masked count spilled under a register budget and reloaded (fuzz kernel 0x1394a4c54dd31eb7).
   */
  @Test
  void shiftMask_aMaskedCountReloadedFromItsSpillSlotIsClean() {
    String ptx =
        kernel(
                "and.b32 %r2, %r1, 31;",
                "st.local.b32 [__local_depot0+124], %r2;",
                "ld.local.b32 %r3, [__local_depot0+124];",
                "shr.u32 %r4, %r5, %r3;")
            .replace("{\n", "{\n\t.local .align 8 .b8 \t__local_depot0[128];\n");
    assertEquals(List.of(), PtxLint.check(ptx, false));
    // an unmasked value stored to the same slot and reaching the reload, or a slot at a register
    // address, is not
    String other =
        kernel(
            "and.b32 %r2, %r1, 31;",
            "st.local.b32 [__local_depot0+124], %r2;",
            "st.local.b32 [__local_depot0+124], %r1;",
            "ld.local.b32 %r3, [__local_depot0+124];",
            "shr.u32 %r4, %r5, %r3;");
    assertEquals(PtxLint.SHIFT_MASK, only(other, false).rule());
    String byRegister =
        kernel(
            "and.b32 %r2, %r1, 31;",
            "st.local.b32 [%rd1], %r2;", "ld.local.b32 %r3, [%rd1];", "shr.u32 %r4, %r5, %r3;");
    assertEquals(PtxLint.SHIFT_MASK, only(byRegister, false).rule());
  }

  /**
   * A masked count spilled before a loop whose body fills a local array through a register (fuzz
   * kernel 0xbba1bd6438663c15, pipelined at -O3 with maxreg=24): the array's stores do not write
   * the spill slot, so the masked store is the one that reaches the reload on every path.
   */
  @Test
  void shiftMask_localArrayStoresThroughARegisterDoNotWriteTheSpillSlot() {
    String ptx =
        kernel(
                "and.b32 %r2, %r1, 31;",
                "st.local.b32 [__local_depot0+176], %r2;",
                "$L__BB0_1:",
                "ld.local.b32 %r3, [__local_depot0+176];",
                "shr.u32 %r4, %r5, %r3;",
                "mov.u64 %rd2, __local_depot0;",
                "st.local.u32 [%rd2], %r4;",
                "st.local.u32 [%rd2+4], %r4;",
                "setp.lt.s32 %p1, %r4, 9;",
                "@%p1 bra $L__BB0_1;")
            .replace("{\n", "{\n\t.local .align 8 .b8 \t__local_depot0[180];\n");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  /**
   * Spill slot coloring shares a slot between values whose live ranges do not overlap (fuzz kernel
   * 0x101c2bb006c723d6, pipelined after runtime unrolling): what is stored after the reload, or on
   * a path that does not reach it, does not matter; every store that reaches it does.
   */
  @Test
  void shiftMask_aSpillSlotSharedWithAnotherValueCountsOnlyTheStoresReachingTheReload() {
    String shared =
        kernel(
            "and.b32 %r2, %r1, 31;",
            "st.local.b32 [__local_depot0+116], %r2;",
            "ld.local.b32 %r3, [__local_depot0+116];",
            "shl.b32 %r4, %r5, %r3;",
            "st.local.b32 [__local_depot0+116], %r1;",
            "ld.local.b32 %r6, [__local_depot0+116];",
            "st.global.u32 [%rd1], %r6;");
    assertEquals(List.of(), PtxLint.check(shared, false));
    String onOnePath =
        kernel(
            "and.b32 %r2, %r1, 31;",
            "st.local.b32 [__local_depot0+116], %r2;",
            "setp.eq.s32 %p1, %r1, 0;",
            "@%p1 bra $L__BB0_2;",
            "st.local.b32 [__local_depot0+116], %r1;",
            "$L__BB0_2:",
            "ld.local.b32 %r3, [__local_depot0+116];",
            "shl.b32 %r4, %r5, %r3;");
    assertEquals(PtxLint.SHIFT_MASK, only(onOnePath, false).rule());
    String storedOnOnePathOnly =
        kernel(
            "setp.eq.s32 %p1, %r1, 0;",
            "@%p1 bra $L__BB0_2;",
            "and.b32 %r2, %r1, 31;",
            "st.local.b32 [__local_depot0+116], %r2;",
            "$L__BB0_2:",
            "ld.local.b32 %r3, [__local_depot0+116];",
            "shl.b32 %r4, %r5, %r3;");
    assertEquals(PtxLint.SHIFT_MASK, only(storedOnOnePathOnly, false).rule());
  }

  @Test
  void shiftMask_unmaskedRegisterCountIsFound() {
    LintFinding f = only(kernel("ld.param.u32 %r1, [k_param_0];", "shl.b32 %r2, %r2, %r1;"), true);
    assertEquals(PtxLint.SHIFT_MASK, f.rule());
    assertEquals(
        "line 16 in k: shl.b32 %r2, %r2, %r1: shift count %r1 is not masked: Java uses only the"
            + " low 5 bits of the count where PTX clamps counts of 32 or more, so it must come from"
            + " an and with a constant of at most 31 (or be a constant below 32), but line 15"
            + " defines it: ld.param.u32 %r1, [k_param_0]",
        f.format());
  }

  @Test
  void shiftMask_outOfRangeConstantIsFound() {
    LintFinding f = only(kernel("shr.s64 %rd2, %rd1, 64;"), false);
    assertEquals(
        "line 15 in k: shr.s64 %rd2, %rd1, 64: shift count 64 is out of range: Java uses only the"
            + " low 6 bits of the count where PTX clamps counts of 64 or more, so a constant count"
            + " must be below 64",
        f.format());
  }

  static Stream<String[]> badCounts() {
    return Stream.of(
        // a mask too wide for the width
        new String[] {"and.b32 %r2, %r1, 63;", "shl.b32 %r3, %r1, %r2;", "15"},
        new String[] {"and.b32 %r2, %r1, 127;", "shl.b64 %rd2, %rd1, %r2;", "15"},
        // one of two definitions is not masked
        new String[] {"and.b32 %r2, %r1, 31;\n\tmov.b32 %r2, %r1;", "shr.u32 %r3, %r1, %r2;", "16"},
        new String[] {"mov.b32 %r2, 32;", "shr.s32 %r3, %r1, %r2;", "15"},
        new String[] {"mov.u32 %r2, %laneid;", "shl.b32 %r3, %r1, %r2;", "15"},
        // a bit field too wide for the width
        new String[] {"bfe.u32 %r2, %r1, 0, 6;", "shl.b32 %r3, %r1, %r2;", "15"});
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("badCounts")
  void shiftMask_countNotProvablyInRangeIsFound(String def, String shift, String defLine) {
    LintFinding f = only(kernel(def, shift), false);
    assertEquals(PtxLint.SHIFT_MASK, f.rule());
    assertEquals(shift.replace(";", ""), f.instruction());
    assertTrue(f.message().contains("but line " + defLine + " defines it"), f.message());
  }

  @Test
  void shiftMask_undefinedCountIsFound() {
    LintFinding f = only(kernel("shl.b32 %r3, %r1, %r2;"), false);
    assertTrue(f.message().endsWith("but it has no definition in this function"), f.message());
  }

  // --- reaching definitions: a register name reused for another value (register allocation)

  @Test
  void shiftMask_aNameReusedAfterTheShiftIsClean() {
    String ptx =
        kernel(
            "and.b32 %r2, %r1, 31;",
            "shl.b32 %r3, %r1, %r2;", "ld.param.u32 %r2, [k_param_0];", "add.s32 %r3, %r3, %r2;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void shiftMask_anUnmaskedDefinitionOnOnePathIsFound() {
    LintFinding f =
        only(
            kernel(
                "and.b32 %r2, %r1, 31;",
                "@%p1 bra $L__BB0_2;",
                "ld.param.u32 %r2, [k_param_0];",
                "$L__BB0_2:",
                "shl.b32 %r3, %r1, %r2;"),
            false);
    assertTrue(f.message().contains("but line 17 defines it"), f.message());
  }

  @Test
  void nanSelect_aNameReusedAfterTheSelectIsClean() {
    String ptx =
        kernel(
            "setp.nan.f64 %p1, %fd1, %fd1;",
            "cvt.rzi.s32.f64 %r1, %fd1;",
            "selp.b32 %r2, 0, %r1, %p1;",
            "ld.param.u32 %r1, [k_param_0];",
            "add.s32 %r3, %r1, %r2;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aTestOfAnEarlierValueOfTheSourceIsFound() {
    LintFinding f =
        only(
            kernel(
                "setp.nan.f64 %p1, %fd1, %fd1;",
                "ld.param.f64 %fd1, [k_param_0];",
                "cvt.rzi.s32.f64 %r1, %fd1;",
                "selp.b32 %r2, 0, %r1, %p1;"),
            false);
    assertEquals(PtxLint.NAN_SELECT, f.rule());
  }

  @Test
  void nanSelect_aTestOfTheSameSpillSlotReloadedIsClean() {
    // the allocator's spill code reloads before each reader: two reloads, one value
    String ptx =
        kernel(
            "ld.local.f64 %fd1, [__local_depot0+8];",
            "setp.nan.f64 %p1, %fd1, %fd1;",
            "ld.local.f64 %fd1, [__local_depot0+8];",
            "cvt.rzi.s32.f64 %r1, %fd1;",
            "selp.b32 %r2, 0, %r1, %p1;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aTestOfTheSameParameterLoadedAgainIsClean() {
    String ptx =
        kernel(
            "ld.param.f64 %fd1, [k_param_0];",
            "setp.nan.f64 %p1, %fd1, %fd1;",
            "ld.param.f64 %fd1, [k_param_0];",
            "cvt.rzi.s32.f64 %r1, %fd1;",
            "selp.b32 %r2, 0, %r1, %p1;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aTestOfTheSameValueRecomputedIsClean() {
    // rematerialization recomputes a value from parameters before each reader
    String ptx =
        kernel(
            "ld.param.f64 %fd1, [k_param_0];",
            "neg.f64 %fd2, %fd1;",
            "setp.nan.f64 %p1, %fd2, %fd2;",
            "ld.param.f64 %fd1, [k_param_0];",
            "neg.f64 %fd2, %fd1;",
            "cvt.rzi.s64.f64 %rd1, %fd2;",
            "selp.b64 %rd2, 0, %rd1, %p1;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aTestOfAnotherComputationUnderTheSameNameIsFound() {
    LintFinding f =
        only(
            kernel(
                "ld.param.f64 %fd1, [k_param_0];",
                "neg.f64 %fd2, %fd1;",
                "setp.nan.f64 %p1, %fd2, %fd2;",
                "ld.global.f64 %fd1, [%rd5];",
                "neg.f64 %fd2, %fd1;",
                "cvt.rzi.s64.f64 %rd1, %fd2;",
                "selp.b64 %rd2, 0, %rd1, %p1;"),
            false);
    assertEquals(PtxLint.NAN_SELECT, f.rule());
  }

  @Test
  void nanSelect_aSlotStoredBetweenTheReloadsIsFound() {
    LintFinding f =
        only(
            kernel(
                "ld.local.f64 %fd1, [__local_depot0+8];",
                "setp.nan.f64 %p1, %fd1, %fd1;",
                "st.local.f64 [__local_depot0+8], %fd2;",
                "ld.local.f64 %fd1, [__local_depot0+8];",
                "cvt.rzi.s32.f64 %r1, %fd1;",
                "selp.b32 %r2, 0, %r1, %p1;"),
            false);
    assertEquals(PtxLint.NAN_SELECT, f.rule());
  }

  @Test
  void nanSelect_aTestCarriedAroundALoopWithItsResultIsClean() {
    // the pipeliner's shape (fuzz kernel 0x98dd6982f6a6e065): the cvt and its test in one trip,
    // the select in the next; before the loop and in it, each writes both registers
    String ptx =
        kernel(
            "ld.param.f64 %fd1, [k_param_0];",
            "cvt.rzi.s32.f64 %r9, %fd1;",
            "setp.nan.f64 %p2, %fd1, %fd1;",
            "$L__BB0_8:",
            "selp.b32 %r10, 0, %r9, %p2;",
            "add.rn.f64 %fd2, %fd1, %fd1;",
            "cvt.rzi.s32.f64 %r9, %fd2;",
            "setp.nan.f64 %p2, %fd2, %fd2;",
            "mov.f64 %fd1, %fd2;",
            "setp.lt.s32 %p1, %r10, 9;",
            "@%p1 bra $L__BB0_8;",
            "selp.b32 %r11, 0, %r9, %p2;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aLoopThatCarriesTheTestWithoutItsResultIsFound() {
    // the loop writes the test again but not the result: on its back edge the select pairs the
    // first cvt's result with a test of another value
    List<LintFinding> f =
        PtxLint.check(
            kernel(
                "ld.param.f64 %fd1, [k_param_0];",
                "cvt.rzi.s32.f64 %r9, %fd1;",
                "setp.nan.f64 %p2, %fd1, %fd1;",
                "$L__BB0_8:",
                "selp.b32 %r10, 0, %r9, %p2;",
                "add.rn.f64 %fd2, %fd1, %fd1;",
                "setp.nan.f64 %p2, %fd2, %fd2;",
                "mov.f64 %fd1, %fd2;",
                "setp.lt.s32 %p1, %r10, 9;",
                "@%p1 bra $L__BB0_8;"),
            false);
    assertEquals(1, f.size(), f::toString);
    assertEquals(PtxLint.NAN_SELECT, f.get(0).rule());
  }

  @Test
  void nanSelect_aCvtCarriedAroundALoopToItsTestIsClean() {
    // the pipeliner's other shape (fuzz kernel 0x767fae66bb940056): the cvt in one trip, its test
    // and the select in the next, before the loop body writes the source again
    String ptx =
        kernel(
            "ld.param.f64 %fd3, [k_param_0];",
            "cvt.rzi.s32.f64 %r4, %fd3;",
            "$L__BB0_10:",
            "setp.nan.f64 %p1, %fd3, %fd3;",
            "selp.b32 %r4, 0, %r4, %p1;",
            "add.rn.f64 %fd3, %fd3, %fd3;",
            "cvt.rzi.s32.f64 %r4, %fd3;",
            "add.s32 %r6, %r6, 1;",
            "setp.lt.s32 %p2, %r6, 9;",
            "@%p2 bra $L__BB0_10;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aCarriedTestOfTheSameSpillSlotReloadedIsClean() {
    // fuzz kernel 0x91e14805e8f38e85: under maxreg=24 the source is reloaded from its spill slot
    // between the prolog's cvt and its test, and the select comes in the loop
    String ptx =
        kernel(
            "ld.local.f64 %fd2, [__local_depot0+24];",
            "cvt.rzi.s64.f64 %rd2, %fd2;",
            "ld.local.f64 %fd2, [__local_depot0+24];",
            "setp.nan.f64 %p1, %fd2, %fd2;",
            "$L__BB0_19:",
            "selp.b64 %rd3, 0, %rd2, %p1;",
            "add.rn.f64 %fd5, %fd5, %fd5;",
            "cvt.rzi.s64.f64 %rd2, %fd5;",
            "setp.nan.f64 %p1, %fd5, %fd5;",
            "add.s32 %r6, %r6, 1;",
            "setp.lt.s32 %p2, %r6, 9;",
            "@%p2 bra $L__BB0_19;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aCarriedTestOfACopyOfTheSourceIsClean() {
    // fuzz kernel 0x101c2bb006c723d6: the register rotation copies the converted value between the
    // cvt of one trip and the test of the next
    String ptx =
        kernel(
            "ld.param.f64 %fd1, [k_param_0];",
            "cvt.rzi.s32.f64 %r7, %fd1;",
            "$L__BB0_8:",
            "mov.f64 %fd3, %fd2;",
            "setp.nan.f64 %p1, %fd1, %fd1;",
            "selp.b32 %r1, 0, %r7, %p1;",
            "add.rn.f64 %fd2, %fd2, %fd3;",
            "cvt.rzi.s32.f64 %r7, %fd3;",
            "mov.f64 %fd1, %fd3;",
            "add.s32 %r6, %r6, 1;",
            "setp.lt.s32 %p2, %r6, 9;",
            "@%p2 bra $L__BB0_8;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aCarriedCopyOfTheTestIsClean() {
    // fuzz kernel 0x101c2bb006c723d6 whole: the rotation copies the test (mov.pred) instead
    String ptx =
        kernel(
            "ld.param.f64 %fd1, [k_param_0];",
            "setp.nan.f64 %p1, %fd1, %fd1;",
            "cvt.rzi.s32.f64 %r8, %fd1;",
            "$L__BB0_54:",
            "add.rn.f64 %fd1, %fd1, %fd2;",
            "setp.nan.f64 %p2, %fd1, %fd1;",
            "selp.b32 %r7, 0, %r8, %p1;",
            "cvt.rzi.s32.f64 %r8, %fd1;",
            "add.s32 %r6, %r6, 1;",
            "setp.lt.s32 %p3, %r6, 9;",
            "mov.pred %p1, %p2;",
            "@%p3 bra $L__BB0_54;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aCarriedTestOfACopyOverwrittenIsFound() {
    // the copy of the converted value is overwritten before the next trip tests it
    LintFinding f =
        only(
            kernel(
                "ld.param.f64 %fd1, [k_param_0];",
                "setp.nan.f64 %p1, %fd1, %fd1;",
                "cvt.rzi.s32.f64 %r7, %fd1;",
                "$L__BB0_8:",
                "selp.b32 %r1, 0, %r7, %p1;",
                "add.rn.f64 %fd2, %fd2, %fd1;",
                "cvt.rzi.s32.f64 %r7, %fd2;",
                "mov.f64 %fd1, %fd2;",
                "add.rn.f64 %fd1, %fd1, %fd1;",
                "setp.nan.f64 %p1, %fd1, %fd1;",
                "add.s32 %r6, %r6, 1;",
                "setp.lt.s32 %p2, %r6, 9;",
                "@%p2 bra $L__BB0_8;"),
            false);
    assertEquals(PtxLint.NAN_SELECT, f.rule());
    assertEquals(BODY + 6, f.line());
  }

  @Test
  void nanSelect_aSourceWrittenBetweenTheCarriedCvtAndItsTestIsFound() {
    // the loop writes the source after the cvt and before the next trip's test: the cvt before
    // the loop reaches the select only with a test of another value
    LintFinding f =
        only(
            kernel(
                "ld.param.f64 %fd3, [k_param_0];",
                "cvt.rzi.s32.f64 %r4, %fd3;",
                "$L__BB0_10:",
                "add.rn.f64 %fd3, %fd3, %fd3;",
                "setp.nan.f64 %p1, %fd3, %fd3;",
                "selp.b32 %r5, 0, %r4, %p1;",
                "cvt.rzi.s32.f64 %r4, %fd3;",
                "setp.lt.s32 %p2, %r5, 9;",
                "@%p2 bra $L__BB0_10;"),
            false);
    assertEquals(PtxLint.NAN_SELECT, f.rule());
    assertEquals(BODY + 1, f.line());
  }

  @Test
  void nanSelect_aCarriedCopyOfTheResultIsClean() {
    // fuzz kernel 0x2dba65ece400b026: the rotation copies the result and the converted value at
    // the end of a trip; the next trip tests the copy, converts the next value into the result's
    // register, then selects on the copy
    String ptx =
        kernel(
            "ld.param.f64 %fd2, [k_param_0];",
            "cvt.rzi.s32.f64 %r4, %fd2;",
            "mov.f64 %fd3, %fd2;",
            "$L__BB0_37:",
            "setp.nan.f64 %p1, %fd3, %fd3;",
            "add.rn.f64 %fd2, %fd2, %fd2;",
            "cvt.rzi.s32.f64 %r3, %fd2;",
            "selp.b32 %r5, 0, %r4, %p1;",
            "mov.f64 %fd3, %fd2;",
            "mov.b32 %r4, %r3;",
            "setp.lt.s32 %p2, %r5, 9;",
            "@%p2 bra $L__BB0_37;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aCopyOfTheSourceMadeBeforeTheCvtIsClean() {
    // the same kernel at offset 3: the rotation copies the value before the cvt converts it, the
    // source is loaded again, and the copy's copy is what the next trip tests
    String ptx =
        kernel(
            "ld.param.f64 %fd5, [k_param_0];",
            "cvt.rzi.s32.f64 %r4, %fd5;",
            "mov.f64 %fd4, %fd5;",
            "$L__BB0_37:",
            "mov.f64 %fd6, %fd5;",
            "setp.nan.f64 %p1, %fd4, %fd4;",
            "cvt.rzi.s32.f64 %r7, %fd5;",
            "selp.b32 %r3, 0, %r4, %p1;",
            "ld.param.f64 %fd5, [k_param_1];",
            "mov.f64 %fd4, %fd6;",
            "mov.b32 %r4, %r7;",
            "setp.lt.s32 %p2, %r3, 9;",
            "@%p2 bra $L__BB0_37;");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aSpilledResultSelectedAfterItsReloadIsClean() {
    // fuzz kernel 0xaa7792724d0654c6 (base seed 0x77, runtime unrolling by 8, maxreg=24): the
    // prolog spills the result, the loop reloads it and selects on a test of the source
    String ptx =
        kernel(
                "ld.param.f64 %fd2, [k_param_0];",
                "cvt.rzi.s64.f64 %rd1, %fd2;",
                "st.local.b64 [__local_depot0+24], %rd1;",
                "$L__BB0_71:",
                "setp.nan.f64 %p1, %fd2, %fd2;",
                "ld.local.b64 %rd1, [__local_depot0+24];",
                "selp.b64 %rd1, 0, %rd1, %p1;",
                "ld.param.f64 %fd2, [k_param_1];",
                "cvt.rzi.s64.f64 %rd2, %fd2;",
                "st.local.b64 [__local_depot0+24], %rd2;",
                "setp.lt.s64 %p2, %rd1, 9;",
                "@%p2 bra $L__BB0_71;")
            .replace("{\n", "{\n\t.local .align 8 .b8 \t__local_depot0[128];\n");
    assertEquals(List.of(), PtxLint.check(ptx, false));
  }

  @Test
  void nanSelect_aSpilledResultReadOtherwiseAfterItsReloadIsFound() {
    // the second trip selects on a test of the value loaded after the cvt, not the converted one;
    // a slot stored again before the reload does not count
    List<LintFinding> f =
        PtxLint.check(
            kernel(
                    "ld.param.f64 %fd2, [k_param_0];",
                    "cvt.rzi.s64.f64 %rd1, %fd2;",
                    "st.local.b64 [__local_depot0+24], %rd1;",
                    "st.local.b64 [__local_depot0+32], %rd1;",
                    "st.local.b64 [__local_depot0+32], %rd3;",
                    "ld.local.b64 %rd4, [__local_depot0+32];",
                    "$L__BB0_71:",
                    "setp.nan.f64 %p1, %fd2, %fd2;",
                    "ld.local.b64 %rd1, [__local_depot0+24];",
                    "selp.b64 %rd1, 0, %rd1, %p1;",
                    "ld.param.f64 %fd2, [k_param_1];",
                    "cvt.rzi.s64.f64 %rd2, %fd2;",
                    "ld.param.f64 %fd2, [k_param_2];",
                    "st.local.b64 [__local_depot0+24], %rd2;",
                    "setp.lt.s64 %p2, %rd1, 9;",
                    "@%p2 bra $L__BB0_71;")
                .replace("{\n", "{\n\t.local .align 8 .b8 \t__local_depot0[128];\n"),
            false);
    assertEquals(1, f.size(), f::toString);
    assertEquals(PtxLint.NAN_SELECT, f.get(0).rule());
    assertEquals(BODY + 12, f.get(0).line()); // the loop's cvt, after the depot's declaration
  }

  @Test
  void nanSelect_aCopyOfTheResultReadOtherwiseIsFound() {
    LintFinding f =
        only(
            kernel(
                "ld.param.f64 %fd2, [k_param_0];",
                "setp.nan.f64 %p1, %fd2, %fd2;",
                "cvt.rzi.s32.f64 %r3, %fd2;",
                "mov.b32 %r4, %r3;",
                "selp.b32 %r5, 0, %r3, %p1;",
                "add.s32 %r6, %r4, 1;",
                "st.global.u32 [%rd1], %r6;",
                "st.global.u32 [%rd1], %r5;"),
            false);
    assertEquals(PtxLint.NAN_SELECT, f.rule());
    assertEquals(BODY + 2, f.line());
    assertTrue(f.message().contains("add.s32 %r6, %r4, 1"), f::message);
  }

  @Test
  void nanSelect_aCarriedCopyOfTheResultSelectedOnTheNextValuesTestIsFound() {
    // as the clean case, but the next trip tests the value just converted, not the copy's
    LintFinding f =
        only(
            kernel(
                "ld.param.f64 %fd2, [k_param_0];",
                "cvt.rzi.s32.f64 %r4, %fd2;",
                "setp.nan.f64 %p3, %fd2, %fd2;",
                "selp.b32 %r4, 0, %r4, %p3;",
                "$L__BB0_37:",
                "add.rn.f64 %fd2, %fd2, %fd2;",
                "cvt.rzi.s32.f64 %r3, %fd2;",
                "setp.nan.f64 %p1, %fd2, %fd2;",
                "selp.b32 %r5, 0, %r4, %p1;",
                "mov.b32 %r4, %r3;",
                "setp.lt.s32 %p2, %r5, 9;",
                "@%p2 bra $L__BB0_37;"),
            false);
    assertEquals(PtxLint.NAN_SELECT, f.rule());
    assertEquals(BODY + 6, f.line());
  }

  // --- the scanner

  @Test
  void check_readsFunctionsLabelsGuardsCommentsAndMultiLineStatements() {
    String ptx =
        """
        .version 7.8
        .target sm_90
        .address_size 64
        .extern .func (.param .b32 func_retval0) vprintf(.param .b64 a, .param .b64 b);
        .global .align 4 .b32 table[2] = {1, 2};

        // add.f32 %f9, %f9, %f9;
        .visible .func (.param .b32 f_retval) f(
        \t.param .b32 f_param_0
        )
        {
        \t.reg .f32 %f<9>;
        \t/* mul.f32 %f1, %f1, %f1;
        \t   add.f32 %f1, %f1, %f1; */
        \tld.global.v2.f32 {%f1, %f2}, [%rd1];
        $L__BB1_2:
        \t.loc\t1 12 0
        \t@!%p1 add.f32 %f3,
        \t\t%f1, %f2; // line 18
        \t{
        \t\tmul.rn.f32 %f4, %f3, %f3;
        \t}
        \tret;
        }
        .visible .entry g()
        {
        \tsub.f64 %fd1, %fd1, %fd1;
        }
        """;
    List<LintFinding> f = PtxLint.check(ptx, false);
    assertEquals(
        List.of(
            new LintFinding(
                "f",
                18,
                "@!%p1 add.f32 %f3, %f1, %f2",
                PtxLint.STRICT_FLOAT,
                StrictFloatRule.CONTRACTION),
            new LintFinding(
                "g",
                27,
                "sub.f64 %fd1, %fd1, %fd1",
                PtxLint.STRICT_FLOAT,
                StrictFloatRule.CONTRACTION)),
        f);
  }

  @Test
  void check_fastMathPerFunction() {
    String ptx =
        """
        .visible .entry fast()
        {
        \tadd.f32 %f3, %f1, %f2;
        }
        .visible .entry strict()
        {
        \tadd.f32 %f3, %f1, %f2;
        }
        """;
    List<LintFinding> f = PtxLint.check(ptx, name -> name.equals("fast"));
    assertEquals(1, f.size(), f::toString);
    assertEquals("strict", f.get(0).function());
  }

  @Test
  void integer_readsPtxLiterals() {
    assertEquals(31, PtxStatement.integer("31").getAsLong());
    assertEquals(31, PtxStatement.integer("0x1F").getAsLong());
    assertEquals(31, PtxStatement.integer("037").getAsLong());
    assertEquals(31, PtxStatement.integer("0b11111").getAsLong());
    assertEquals(31, PtxStatement.integer("31U").getAsLong());
    assertEquals(-1, PtxStatement.integer("-1").getAsLong());
    assertEquals(0, PtxStatement.integer("0").getAsLong());
    assertTrue(PtxStatement.integer("0f3F800000").isEmpty());
    assertTrue(PtxStatement.integer("%r1").isEmpty());
  }

  @ParameterizedTest
  @ValueSource(strings = {"float", "conversions", "shifts"})
  void goodSnippets_assemble(String which) {
    String[] body =
        switch (which) {
          case "float" -> GOOD_FLOAT;
          case "conversions" -> GOOD_CONVERSIONS;
          default -> GOOD_SHIFTS;
        };
    Tools.assertAssembles(kernel(body), SmTargets.get("sm_90"));
  }
}
