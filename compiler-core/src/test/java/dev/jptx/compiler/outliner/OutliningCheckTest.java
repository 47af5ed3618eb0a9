package dev.jptx.compiler.outliner;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.MirParser;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The outliner's translation validation: a call and its function against the instructions they
 * replace. The original computes {@code %5 = (%1 + 3) * %2} and {@code %6 = %5 ^ 7}, stores {@code
 * %6} through {@code %0}, and leaves {@code %5} and {@code %6} live; each case below breaks the
 * call or the function in one way.
 */
class OutliningCheckTest {
  private static final String CALLER =
      """
      entry @k(.u64 k_param_0, .s32 k_param_1) allocated {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = LD_PARAM_U32 @k_param_1, 0
        %2:b32 = ADD_S32 %1, 1
        %5:b32 = ADD_S32 %1, 3
        %5 = MUL_LO_S32 %5, %2
        %6:b32 = XOR_B32 %5, 7
        ST_GLOBAL_U32 %0, 0, %6
        CALL @OUTLINED_FUNCTION_0, %1, %2, %0
        %5, %6 = CALL @OUTLINED_FUNCTION_0, %1, %2, %0
        %6, %5 = CALL @OUTLINED_FUNCTION_0, %1, %2, %0
        %5, %6 = CALL @OUTLINED_FUNCTION_0, %2, %1, %0
        RET
      }
      """;

  private static final String FUNCTION =
      """
      func @OUTLINED_FUNCTION_0(.b32 OUTLINED_FUNCTION_0_param_0, .b32 OUTLINED_FUNCTION_0_param_1, \
      .b64 OUTLINED_FUNCTION_0_param_2) java("OUTLINED_FUNCTION_0") allocated {
      bb0:
        %0:b32 = LD_PARAM_U32 @OUTLINED_FUNCTION_0_param_0, 0
        %1:b32 = LD_PARAM_U32 @OUTLINED_FUNCTION_0_param_1, 0
        %2:b64 = LD_PARAM_U64 @OUTLINED_FUNCTION_0_param_2, 0
        %0 = ADD_S32 %0, 3
        %0 = MUL_LO_S32 %0, %1
        %1 = XOR_B32 %0, 7
        ST_GLOBAL_U32 %2, 0, %1
        ST_PARAM_U32 @func_retval0, 0, %0
        ST_PARAM_U32 @func_retval0, 8, %1
        RET
      }
      """;

  private static final List<MachineFunction> PARSED = MirParser.parse(CALLER + FUNCTION);

  private static final MachineFunction K = PARSED.get(0);

  private static final MachineFunction F = PARSED.get(1);

  private static MachineInstr instr(int k) {
    return K.blocks().get(0).instrs().get(k);
  }

  /** Checks the call at {@code call} of the caller's block against its four instructions 3..6. */
  private static void check(int call, MachineFunction callee) {
    BitSet live = new BitSet();
    live.set(5);
    live.set(6);
    live.set(0);
    OutliningCheck.check(K, K.blocks().get(0).instrs().subList(3, 7), instr(call), callee, live);
  }

  @Test
  void theRightCall_passes() {
    assertDoesNotThrow(() -> check(8, F));
  }

  @Test
  void aCallLeavingOutItsResults_fails() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> check(7, F));
    assertTrue(e.getMessage().contains("%5, live after it"), e.getMessage());
  }

  @Test
  void resultsInEachOthersRegisters_fail() {
    assertThrows(IllegalStateException.class, () -> check(9, F));
  }

  @Test
  void inputsSwapped_fail() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> check(10, F));
    assertTrue(e.getMessage().contains("does not run what the call replaced"), e.getMessage());
  }

  @Test
  void aFunctionThatClobbersAValueItStillNeeds_fails() {
    MachineFunction bad =
        MirParser.parse(
                CALLER
                    + FUNCTION.replace(
                        "  %1 = XOR_B32 %0, 7\n  ST_GLOBAL_U32 %2, 0, %1\n",
                        "  %0 = XOR_B32 %0, 7\n  ST_GLOBAL_U32 %2, 0, %0\n"))
            .get(1);
    assertThrows(IllegalStateException.class, () -> check(8, bad));
  }
}
