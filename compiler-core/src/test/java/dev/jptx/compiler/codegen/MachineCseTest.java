package dev.jptx.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import org.junit.jupiter.api.Test;

class MachineCseTest {
  private static final MachineCse.Options ALL_ON =
      new MachineCse.Options(true, true, true, true, false);

  private static String run(String mir, MachineCse.Options o) {
    MachineFunction f = MirParser.parse(mir).get(0);
    new MachineCse(o).run(f);
    return MirPrinter.print(f);
  }

  /** tid.x read twice and the same add of it: the second read and add go, in bb1 too. */
  private static final String TWICE =
      """
      entry @k(.u64 k_param_0) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = MOV_U32_SREG %tid.x
        %2:b32 = ADD_S32 %1, 7
        %7:pred = SETP_S32 lt, %2, 100
        @%7 BRA bb1
        BRA bb2
      bb1:
        %3:b32 = MOV_U32_SREG %tid.x
        %4:b32 = ADD_S32 %3, 7
        %5:b32 = MUL_LO_S32 %2, %4
        ST_GLOBAL_U32 %0, 0, %5
        BRA bb2
      bb2:
        %6:b32 = MOV_U32_SREG %clock
        ST_GLOBAL_U32 %0, 4, %6
        RET
      }
      """;

  @Test
  void dominatedRecomputations_go() {
    String out = run(TWICE, ALL_ON);
    assertTrue(out.contains("%5:b32 = MUL_LO_S32 %2, %2"), out);
    assertFalse(out.contains("%3:b32"), out);
    assertFalse(out.contains("%4:b32"), out);
    // %clock changes: never merged (and nothing to merge it with here)
    assertTrue(out.contains("MOV_U32_SREG %clock"), out);
  }

  /**
   * A sum's initial 0.0f (%2, read by the loop's PHI) and the empty loop's result (%3, read by the
   * exit's PHI), both in bb0; and a product (%5) computed again (%6) in the block that already
   * reads it.
   */
  private static final String ZERO_FOR_TWO_PHIS =
      """
      entry @k(.u64 k_param_0, .u32 k_param_1) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = LD_PARAM_U32 @k_param_1, 0
        %2:f32 = MOV_F32 0f00000000
        %3:f32 = MOV_F32 0f00000000
        %4:pred = SETP_S32 le, %1, 0
        @%4 BRA bb2
        BRA bb1
      bb1:
        %7:f32 = PHI %2, bb0, %8, bb1
        %8:f32 = ADD_RN_F32 %7, %7
        %9:pred = SETP_S32 lt, %1, 10
        @%9 BRA bb1
        BRA bb2
      bb2:
        %10:f32 = PHI %3, bb0, %8, bb1
        ST_GLOBAL_F32 %0, 0, %10
        RET
      }
      """;

  @Test
  void aLeaderReadByAPhi_isReusedOnlyWhereItIsReadAlready() {
    // merging would make the accumulator and the exit's value one register (LLVM's heuristic 3)
    String out = run(ZERO_FOR_TWO_PHIS, ALL_ON);
    assertTrue(out.contains("%3:f32 = MOV_F32 0f00000000"), out);
    assertTrue(out.contains("PHI %3, bb0"), out);
  }

  /** An add reads a copy of tid.x; the same add of tid.x itself matches only through the copy. */
  private static final String THROUGH_COPY =
      """
      entry @k(.u64 k_param_0) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = MOV_U32_SREG %tid.x
        %2:b32 = COPY %1
        %3:b32 = ADD_S32 %2, 1
        %4:b32 = ADD_S32 %1, 1
        %5:b32 = MUL_LO_S32 %3, %4
        ST_GLOBAL_U32 %0, 0, %5
        RET
      }
      """;

  @Test
  void copyPropMcse_readsThroughCopies() {
    String on = run(THROUGH_COPY, ALL_ON);
    assertTrue(on.contains("%5:b32 = MUL_LO_S32 %3, %3"), on);
    String off = run(THROUGH_COPY, new MachineCse.Options(true, true, false, true, false));
    assertTrue(off.contains("%4:b32 = ADD_S32 %1, 1"), off);
  }

  /**
   * %6 recomputes %2 after a stretch where five 32-bit registers' worth are live (%0 counts two,
   * and %1 is read at the end anyway); merging would keep %2 live through it: six, above
   * maxnreg(5).
   */
  private static final String CROWDED =
      """
      entry @k(.u64 k_param_0) maxnreg(5) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = MOV_U32_SREG %tid.x
        %2:b32 = ADD_S32 %1, 7
        ST_GLOBAL_U32 %0, 0, %2
        %3:b32 = ADD_S32 %1, 1
        %4:b32 = ADD_S32 %1, 2
        %5:b32 = ADD_S32 %3, %4
        ST_GLOBAL_U32 %0, 4, %5
        %6:b32 = ADD_S32 %1, 7
        ST_GLOBAL_U32 %0, 8, %6
        ST_GLOBAL_U32 %0, 12, %1
        RET
      }
      """;

  @Test
  void rpAwareMcse_keepsARecomputationThatSavesRegisters() {
    String on = run(CROWDED, ALL_ON);
    assertTrue(on.contains("%6:b32 = ADD_S32 %1, 7"), on);
    String off = run(CROWDED, new MachineCse.Options(false, true, true, true, false));
    assertFalse(off.contains("%6:b32"), off);
    assertTrue(off.contains("ST_GLOBAL_U32 %0, 8, %2"), off);
  }

  /**
   * The same comparison twice; in between, seven other predicates are live at once. Merging would
   * keep the first one live through them: eight, more than the hardware's seven.
   */
  private static final String PREDICATES =
      """
      entry @k(.u64 k_param_0) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = MOV_U32_SREG %tid.x
        %2:pred = SETP_S32 lt, %1, 100
        %20:b32 = SELP_B32 1, 0, %2
        %10:pred = SETP_S32 lt, %1, 1
        %11:pred = SETP_S32 lt, %1, 2
        %12:pred = SETP_S32 lt, %1, 3
        %13:pred = SETP_S32 lt, %1, 4
        %14:pred = SETP_S32 lt, %1, 5
        %15:pred = SETP_S32 lt, %1, 6
        %16:pred = SETP_S32 lt, %1, 7
        %22:b32 = SELP_B32 1, 0, %10
        %23:b32 = SELP_B32 1, 0, %11
        %24:b32 = SELP_B32 1, 0, %12
        %25:b32 = SELP_B32 1, 0, %13
        %26:b32 = SELP_B32 1, 0, %14
        %27:b32 = SELP_B32 1, 0, %15
        %28:b32 = SELP_B32 1, 0, %16
        %3:pred = SETP_S32 lt, %1, 100
        %21:b32 = SELP_B32 1, 0, %3
        ST_GLOBAL_U32 %0, 0, %20
        ST_GLOBAL_U32 %0, 4, %21
        ST_GLOBAL_U32 %0, 8, %22
        ST_GLOBAL_U32 %0, 12, %23
        ST_GLOBAL_U32 %0, 16, %24
        ST_GLOBAL_U32 %0, 20, %25
        ST_GLOBAL_U32 %0, 24, %26
        ST_GLOBAL_U32 %0, 28, %27
        ST_GLOBAL_U32 %0, 32, %28
        RET
      }
      """;

  @Test
  void predAwareMcse_keepsARecomputedPredicate() {
    String on = run(PREDICATES, ALL_ON);
    assertTrue(on.contains("%3:pred = SETP_S32 lt, %1, 100"), on);
    String off = run(PREDICATES, new MachineCse.Options(true, false, true, true, false));
    assertFalse(off.contains("%3:pred"), off);
  }

  @Test
  void incrementalAndVerifiedUpdates() {
    MachineCse incremental = new MachineCse(new MachineCse.Options(true, true, true, true, true));
    incremental.run(MirParser.parse(TWICE).get(0));
    assertEquals(1, incremental.fullComputations());
    assertEquals(2, incremental.verifications());
    MachineCse unchecked = new MachineCse(ALL_ON);
    unchecked.run(MirParser.parse(TWICE).get(0));
    assertEquals(0, unchecked.verifications());
    MachineCse recomputing = new MachineCse(new MachineCse.Options(true, true, true, false, true));
    recomputing.run(MirParser.parse(TWICE).get(0));
    assertEquals(3, recomputing.fullComputations());
    assertEquals(0, recomputing.verifications());
  }

  /** The constant 7 in bb0, again in its successor bb1, and in bb2, two blocks down. */
  private static final String CONSTANTS =
      """
      entry @k(.u64 k_param_0) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = MOV_B32 7
        ST_GLOBAL_U32 %0, 0, %1
        BRA bb1
      bb1:
        %2:b32 = MOV_B32 7
        ST_GLOBAL_U32 %0, 4, %2
        BRA bb2
      bb2:
        %3:b32 = MOV_B32 7
        ST_GLOBAL_U32 %0, 8, %3
        RET
      }
      """;

  @Test
  void aConstant_mergesOnlyWithOneInItsOwnBlockOrAnImmediatePredecessor() {
    String out = run(CONSTANTS, ALL_ON);
    assertFalse(out.contains("%2:b32 = MOV_B32 7"), out);
    assertTrue(out.contains("ST_GLOBAL_U32 %0, 4, %1"), out);
    // bb2 is not a successor of bb0, where the surviving 7 is: holding it that far costs a register
    assertTrue(out.contains("%3:b32 = MOV_B32 7"), out);
  }
}
