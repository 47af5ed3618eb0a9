package dev.jptx.compiler.driver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The effects of the knobs of the passes that run around register allocation: machine copy
 * propagation ({@code disable-copyprop}) and post-RA machine LICM ({@code
 * disable-postra-machine-licm}), through the pass list {@link Pipeline} makes of the knobs.
 */
class MachinePassKnobsTest {
  /**
   * Machine IR out of SSA where a loaded value is copied and the copy is read in the next block:
   * the copy stays, but after allocation its reader in its own block can read the source.
   */
  private static final String COPIED_VALUE =
      """
      entry @k(.u64 k_param_0) nossa {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = LD_GLOBAL_U32 %0, 0
        %2:b32 = COPY %1
        %3:b32 = LD_GLOBAL_U32 %0, 4
        %4:b32 = ADD_S32 %2, %3
        ST_GLOBAL_U32 %0, 8, %4
        %1 = ADD_S32 %1, 1
        ST_GLOBAL_U32 %0, 12, %1
        BRA bb1
      bb1:
        ST_GLOBAL_U32 %0, 16, %2
        RET
      }
      """;

  /** {@code mir} through the pipeline's register allocation passes at -O1. */
  private static String allocated(String mir, List<String> knobs) {
    CompilerOptions o = KnobsTest.options("sm_90", 1, knobs, EnumSet.noneOf(Stage.class));
    List<MachineFunction> fs = MirParser.parse(mir);
    // the ra stage after PHI elimination: the input is out of SSA already
    List<String> ra = PassRegistry.group("ra").members();
    new Pipeline(o, DumpSink.NONE)
        .run(Code.ofMachine("t", fs, o.targets().get(0)), ra.subList(1, ra.size()));
    return MirPrinter.print(fs);
  }

  @Test
  void disableCopyprop_keepsTheReadOfTheCopy() {
    // after allocation %2 and %1 have registers of their own; the ADD reads the copy's source
    String on = allocated(COPIED_VALUE, List.of());
    String off = allocated(COPIED_VALUE, List.of("disable-copyprop"));
    assertTrue(on.contains("= ADD_S32 %1, %3"), on);
    assertTrue(off.contains("= ADD_S32 %2, %3"), off);
  }

  /** A loop clearing a[i] for i from tid.x to n: the 0 it stores is a constant move. */
  private static final String CLEARING_LOOP =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        %2 = intrinsic i32 tid.x()
        jump b1
      b1:
        %3 = phi i32 [b0: %2], [b2: %7]
        %4 = icmp sge i32 %3, %1
        br %4, b3, b2
      b2:
        %5 = sext i32 %3 to i64
        %6 = mul i64 %5, 4
        %8 = ptradd ptr.global %0, %6
        store i32 0, %8
        %7 = add i32 %3, 1
        jump b1
      b3:
        ret
      }
      """;

  @Test
  void disablePostraMachineLicm_keepsTheConstantInTheLoop() {
    String on = KnobsTest.dump(CLEARING_LOOP, Stage.PTX, 1, List.of());
    String off =
        KnobsTest.dump(CLEARING_LOOP, Stage.PTX, 1, List.of("disable-postra-machine-licm"));
    // the loop starts at its first label; the 0 is moved before it with the pass, inside without
    int onLoop = on.indexOf("$L__BB0_");
    int offLoop = off.indexOf("$L__BB0_");
    assertTrue(on.indexOf(", 0;") >= 0 && on.indexOf(", 0;") < onLoop, on);
    assertTrue(off.indexOf(", 0;") > offLoop, off);
  }
}
