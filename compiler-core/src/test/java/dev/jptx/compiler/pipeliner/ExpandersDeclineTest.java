package dev.jptx.compiler.pipeliner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Loops the generators cannot rewrite are left exactly as they were. */
class ExpandersDeclineTest {
  private static final String LOOP =
      """
      entry @k(.u64 k_param_0, .s32 k_param_1) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = LD_PARAM_U32 @k_param_1, 0
        %2:b32 = MOV_B32 0
        BRA bb1
      bb1:
        %3:b32 = PHI %2, bb0, %5, bb1
        %4:b32 = PHI %1, bb0, %6, bb1
        %5:b32 = ADD_S32 %3, %4
        %6:b32 = ADD_S32 %4, 1
        %7:pred = SETP_S32 ge, %5, 100
        @%7 BRA bb2
        BRA bb1
      bb2:
        RET
      }
      """;

  @Test
  void expand_oneStage_declines() {
    assertDeclined(new int[] {0, 0, 0}, 3);
  }

  /** The exit test reads %3, whose next value %5 reads %4, whose next value is not in the slice. */
  @Test
  void expand_controlSliceNeedsOtherValues_declines() {
    assertDeclined(new int[] {0, 1, 0}, 1);
  }

  private static void assertDeclined(int[] cycles, int ii) {
    for (boolean peeling : new boolean[] {false, true}) {
      MachineFunction f = MirParser.parse(LOOP).get(0);
      String before = MirPrinter.print(f);
      PipelineLoop l = new PipelineLoop(f.block(1), f.block(0), f.block(2), List.of(2, 4));
      List<Integer> c = new ArrayList<>(List.of(-1, -1));
      for (int x : cycles) {
        c.add(x);
      }
      c.addAll(List.of(-1, -1));
      ModuloSchedule s = new ModuloSchedule(l, ii, ii, 0, 0, c);
      assertFalse(
          peeling ? PeelingScheduleExpander.expand(f, s) : ModuloScheduleExpander.expand(f, s));
      assertEquals(before, MirPrinter.print(f));
    }
  }
}
