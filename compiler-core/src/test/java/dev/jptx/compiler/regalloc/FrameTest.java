package dev.jptx.compiler.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.mir.FrameObject;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import dev.jptx.compiler.mir.MirPrinter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Stack slot coloring and the frame layout, on machine IR after allocation. */
class FrameTest {
  /**
   * Three 4-byte spill slots: {@code __spill0} is reloaded before {@code __spill1} is first stored,
   * so they can share; {@code __spill2} is stored while {@code __spill1} is still to be reloaded.
   * The local arrays (12 and 4 bytes) come first in the frame.
   */
  private static final String SPILLS =
      """
      entry @k(.u64 k_param_0) nossa local(__local0, 12, align 4) local(__local1, 4, align 4) \
      local(__spill0, 4, align 4) \
      local(__spill1, 4, align 4) local(__spill2, 4, align 4) local(__spill3, 8, align 8) {
      bb0:
        %0:b64 = LD_PARAM_U64 @k_param_0, 0
        %1:b32 = MOV_B32 1
        ST_LOCAL_SLOT_B32 @__spill0, 0, %1
        %1 = LD_LOCAL_SLOT_B32 @__spill0, 0
        ST_GLOBAL_U32 %0, 0, %1
        %2:b32 = MOV_B32 2
        ST_LOCAL_SLOT_B32 @__spill1, 0, %2
        %3:b32 = MOV_B32 3
        ST_LOCAL_SLOT_B32 @__spill2, 0, %3
        %2 = LD_LOCAL_SLOT_B32 @__spill1, 0
        %3 = LD_LOCAL_SLOT_B32 @__spill2, 0
        ST_GLOBAL_U32 %0, 4, %2
        ST_GLOBAL_U32 %0, 8, %3
        ST_LOCAL_SLOT_B64 @__spill3, 0, %0
        %0 = LD_LOCAL_SLOT_B64 @__spill3, 0
        %4:b64 = MOV_U64_SYM @__local0
        ST_LOCAL_U32 %4, 4, %1
        %5:b64 = MOV_U64_SYM @__local1
        ST_LOCAL_U32 %5, 0, %1
        RET
      }
      """;

  private static MachineFunction parse() {
    return MirParser.parse(SPILLS).get(0);
  }

  @Test
  void slotsNeverNeededAtOnce_share() {
    MachineFunction f = parse();
    new StackSlotColoring().run(f);
    String mir = MirPrinter.print(f);
    assertTrue(mir.contains("ST_LOCAL_SLOT_B32 @__spill0, 0, %2"), mir);
    assertTrue(mir.contains("%2 = LD_LOCAL_SLOT_B32 @__spill0, 0"), mir);
    assertTrue(mir.contains("ST_LOCAL_SLOT_B32 @__spill2, 0, %3"), mir);
    assertEquals(
        List.of("__local0", "__local1", "__spill0", "__spill2", "__spill3"),
        f.info().frame().stream().map(FrameObject::name).toList());
  }

  @Test
  void theFrame_isOneDepotWithAlignedOffsets() {
    MachineFunction f = parse();
    new FrameLayout().run(f);
    // __local0 at 0 (12 bytes), __local1 at 12, the 8-aligned __spill3 at 16, then the 4-byte
    // slots at 24, 28, 32
    assertEquals(List.of(new FrameObject("__local_depot0", 36, 8)), f.info().frame());
    String mir = MirPrinter.print(f);
    assertTrue(mir.contains("ST_LOCAL_SLOT_B64 @__local_depot0, 16, %0"), mir);
    assertTrue(mir.contains("ST_LOCAL_SLOT_B32 @__local_depot0, 24, %1"), mir);
    assertTrue(mir.contains("%3 = LD_LOCAL_SLOT_B32 @__local_depot0, 32"), mir);
    // the array at offset 0: its address is the depot's, no add
    assertTrue(mir.contains("%4:b64 = MOV_U64_SYM @__local_depot0\n  ST_LOCAL_U32"), mir);
    assertTrue(mir.contains("%5:b64 = MOV_U64_SYM @__local_depot0\n  %5 = ADD_S64 %5, 12\n"), mir);
  }
}
