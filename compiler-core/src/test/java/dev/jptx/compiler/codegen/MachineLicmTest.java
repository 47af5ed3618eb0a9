package dev.jptx.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import org.junit.jupiter.api.Test;

class MachineLicmTest {
  /**
   * %3, the low half of the invariant %0, is used after the loop body's most crowded point (%0
   * counts two, then %2 %7 %8); moved out, it would be live there too: six 32-bit registers where
   * the limit says LIMIT.
   */
  private static final String CROWDED_LOOP =
      """
      entry @k(.u64 k_param_0) maxnreg(LIMIT) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = MOV_B32 0
        BRA bb1
      bb1:
        %2:b32 = PHI %1, bb0, %5, bb1
        %7:b32 = ADD_S32 %2, 1
        %8:b32 = ADD_S32 %2, 2
        %9:b32 = ADD_S32 %7, %8
        %3:b32 = CVT_U32_U64 %0
        %5:b32 = ADD_S32 %9, %3
        %6:pred = SETP_S32 lt, %5, 100
        @%6 BRA bb1
        BRA bb2
      bb2:
        ST_GLOBAL_U32 %0, 0, %5
        RET
      }
      """;

  private static String run(String limit) {
    MachineFunction f = MirParser.parse(CROWDED_LOOP.replace("LIMIT", limit)).get(0);
    new MachineLicm().run(f);
    return MirPrinter.print(f);
  }

  @Test
  void aMoveThatWouldExceedTheRegisterTarget_isUndone() {
    String tight = run("5");
    assertTrue(tight.matches("(?s).*bb1:.*%3:b32 = CVT_U32_U64 %0.*bb2:.*"), tight);
    String loose = run("64");
    assertFalse(loose.matches("(?s).*bb1:.*%3:b32 = CVT_U32_U64 %0.*"), loose);
    assertTrue(loose.matches("(?s).*%3:b32 = CVT_U32_U64 %0\\s+BRA bb1.*"), loose);
  }
}
