package dev.jptx.compiler.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The knobs of the post-ISel passes and the two peepholes change what their help says: machine IR
 * with each pattern goes through the SSA machine passes {@link Pipeline} builds from the knobs (our
 * instruction selection gives most of these passes nothing to do, so compiling IR would not show
 * them).
 */
class PeepholeKnobsTest {
  /**
   * Machine IR with one case for each post-ISel and peephole pass (our instruction selection makes
   * none of them but the not.pred guard): a repeated parameter load, a 16-bit mask of a .b16
   * register, a mov read once in its block, a COPY, and a branch guarded by a not.pred.
   */
  private static final String PEEPHOLE_MIR =
      """
      entry @k(.u64 k_param_0) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b64 = LD_PARAM_U64 @k_param_0, 0
        %2:b32 = MOV_U32_SREG %tid.x
        %3:b16 = CVT_U16_U32 %2
        %4:b16 = AND_B16 %3, 65535
        ST_GLOBAL_U16 %1, 0, %4
        %5:b32 = MOV_B32 %2
        %6:b32 = ADD_S32 %5, 1
        %7:b32 = COPY %6
        ST_GLOBAL_U32 %0, 4, %7
        %8:pred = SETP_S32 lt, %2, 16
        %9:pred = NOT_PRED %8
        @%9 BRA bb1
        BRA bb2
      bb1:
        ST_GLOBAL_U32 %0, 8, %2
        BRA bb2
      bb2:
        RET
      }
      """;

  /** {@code mir} after the pipeline's SSA machine passes at -O3 with {@code knobs}. */
  private static String ssaMachinePasses(String mir, List<String> knobs) {
    CompilerOptions o = KnobsTest.options("sm_90", 3, knobs, EnumSet.noneOf(Stage.class));
    List<MachineFunction> fs = MirParser.parse(mir);
    new Pipeline(o, DumpSink.NONE).run(Code.ofMachine("t", fs, o.targets().get(0)), List.of("mir"));
    return MirPrinter.print(fs);
  }

  @Test
  void disableParamOpt_keepsTheRepeatedParameterLoad() {
    assertEquals(1, count(ssaMachinePasses(PEEPHOLE_MIR, List.of()), "LD_PARAM_U64"));
    assertEquals(
        2, count(ssaMachinePasses(PEEPHOLE_MIR, List.of("disable-param-opt")), "LD_PARAM_U64"));
  }

  @Test
  void disableNvptxTruncOpts_keepsTheMask() {
    assertFalse(ssaMachinePasses(PEEPHOLE_MIR, List.of()).contains("AND_B16"));
    String kept = ssaMachinePasses(PEEPHOLE_MIR, List.of("disable-nvptx-trunc-opts"));
    assertTrue(kept.contains("AND_B16 %3, 65535"), kept);
  }

  // machine CSE's copy-prop-mcse reads through copies too: switched off, so that these two show
  // their pass alone
  @Test
  void disableRedundantMoveElim_keepsTheMove() {
    String folded = ssaMachinePasses(PEEPHOLE_MIR, List.of("copy-prop-mcse=false"));
    assertFalse(folded.contains("MOV_B32"), folded);
    assertTrue(folded.contains("ADD_S32 %2, 1"), folded);
    String kept =
        ssaMachinePasses(
            PEEPHOLE_MIR, List.of("copy-prop-mcse=false", "disable-redundant-move-elim"));
    assertTrue(kept.contains("%5:b32 = MOV_B32 %2"), kept);
  }

  @Test
  void disablePeephole_keepsTheCopy() {
    String folded = ssaMachinePasses(PEEPHOLE_MIR, List.of("copy-prop-mcse=false"));
    assertFalse(folded.contains("COPY"), folded);
    assertTrue(folded.contains("ST_GLOBAL_U32 %0, 4, %6"), folded);
    String kept =
        ssaMachinePasses(PEEPHOLE_MIR, List.of("copy-prop-mcse=false", "disable-peephole"));
    assertTrue(kept.contains("ST_GLOBAL_U32 %0, 4, %7"), kept);
  }

  @Test
  void enableNvvmPeephole_foldsTheNegationIntoTheGuard() {
    String folded = ssaMachinePasses(PEEPHOLE_MIR, List.of());
    assertTrue(folded.contains("@!%8 BRA bb1"), folded);
    assertFalse(folded.contains("NOT_PRED"), folded);
    String kept = ssaMachinePasses(PEEPHOLE_MIR, List.of("enable-nvvm-peephole=false"));
    assertTrue(kept.contains("@%9 BRA bb1"), kept);
  }

  private static int count(String text, String what) {
    return text.split(java.util.regex.Pattern.quote(what), -1).length - 1;
  }
}
