package dev.jptx.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.RegisterClass;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegisterPressureTest {
  /**
   * A loop (out of SSA) carrying %2 and %3 around; %6 is computed before the loop and read only in
   * the exit block, so it is live through the whole loop.
   */
  private static final String LOOP =
      """
      entry @k(.u64 k_param_0) nossa {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = MOV_U32_SREG %tid.x
        %6:b32 = ADD_S32 %1, 7
        %2:b32 = MOV_B32 0
        %3:b32 = MOV_B32 1
        BRA bb1
      bb1:
        %4:b32 = ADD_S32 %3, %1
        %2:b32 = ADD_S32 %2, %4
        %3:b32 = ADD_S32 %3, 1
        %5:pred = SETP_S32 lt, %3, 100
        @%5 BRA bb1
        BRA bb2
      bb2:
        %7:b32 = ADD_S32 %2, %6
        ST_GLOBAL_U32 %0, 0, %7
        RET
      }
      """;

  private static MachineFunction loop() {
    return MirParser.parse(LOOP).get(0);
  }

  /** Makes the exit block's add read %2 twice: %6 has no reader left. */
  private static MachineBlock dropTheReadOfSix(MachineFunction f) {
    MachineBlock exit = f.block(2);
    MachineInstr add = exit.instrs().get(0);
    exit.instrs().set(0, add.withUses(List.of(add.uses().get(0), add.uses().get(0))));
    return exit;
  }

  @Test
  void peaks_perBlockAndClass() {
    MachineFunction f = loop();
    RegisterPressure p = RegisterPressure.of(f);
    // in the loop: %1 %2 %3 %6 live through and %4 defined: five b32 at once
    assertEquals(5, p.max(f.block(1), RegisterClass.B32));
    assertEquals(1, p.max(f.block(1), RegisterClass.B64));
    assertEquals(1, p.max(f.block(1), RegisterClass.PRED));
    assertEquals(2, p.max(f.block(2), RegisterClass.B32));
    // five 32-bit registers and a 64-bit one at the same point
    assertEquals(7, p.maxLiveRegisterUnits());
    assertTrue(p.liveIn(f.block(1)).get(6));
  }

  @Test
  void statistics_printTheSeedsLines() {
    assertEquals(
        "Max Live RRegs: 7\tPRegs: 1\nFunction Size: 15\n", PressureStatistics.statistics(loop()));
  }

  @Test
  void incrementalUpdate_matchesAFullRecomputation() {
    MachineFunction f = loop();
    RegisterPressure p = RegisterPressure.of(f);
    MachineBlock exit = dropTheReadOfSix(f);
    p.update(List.of(exit), List.of(new VReg(6), new VReg(2)));
    p.verifyAgainstFull();
    assertEquals(4, p.max(f.block(1), RegisterClass.B32));
    assertFalse(p.liveIn(f.block(1)).get(6));
  }

  @Test
  void verification_catchesAnUpdateThatWasNotMade() {
    MachineFunction f = loop();
    RegisterPressure p = RegisterPressure.of(f);
    dropTheReadOfSix(f);
    IllegalStateException e = assertThrows(IllegalStateException.class, p::verifyAgainstFull);
    assertTrue(
        e.getMessage().startsWith("Incorrect RP info from incremental MRPA update"),
        e.getMessage());
  }
}
