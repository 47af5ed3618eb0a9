package dev.jptx.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.codegen.analysis.MachineLoopInfo;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirParser;
import java.util.List;
import org.junit.jupiter.api.Test;

class MachineLoopInfoTest {
  /**
   * bb1 heads an outer loop (latch bb4) around an inner one headed by bb2 (latch bb3, which also
   * breaks out to bb4); bb5 is after both and bb6 is unreachable.
   */
  private static final String NESTED =
      """
      entry @k(.u64 k_param_0) nossa {
      bb0:
        %0:b32 = MOV_B32 0
        BRA bb1
      bb1:
        %1:pred = SETP_S32 lt, %0, 10
        @%1 BRA bb2
        BRA bb5
      bb2:
        %0:b32 = ADD_S32 %0, 1
        BRA bb3
      bb3:
        %2:pred = SETP_S32 lt, %0, 5
        @%2 BRA bb2
        BRA bb4
      bb4:
        BRA bb1
      bb5:
        RET
      bb6:
        BRA bb5
      }
      """;

  @Test
  void dominatorsAndNestedLoops() {
    MachineFunction f = MirParser.parse(NESTED).get(0);
    MachineDominatorTree dom = MachineDominatorTree.of(f);
    assertSame(f.block(1), dom.idom(f.block(2)));
    assertSame(f.block(1), dom.idom(f.block(5)));
    assertTrue(dom.dominates(f.block(2), f.block(4)));
    assertFalse(dom.dominates(f.block(2), f.block(5)));
    assertFalse(dom.isReachable(f.block(6)));
    assertNull(dom.idom(f.block(6)));

    MachineLoopInfo loops = MachineLoopInfo.of(f, dom);
    assertEquals(2, loops.loops().size());
    MachineLoopInfo.Loop outer = loops.loopFor(f.block(1));
    MachineLoopInfo.Loop inner = loops.loopFor(f.block(3));
    assertSame(f.block(1), outer.header());
    assertSame(f.block(2), inner.header());
    assertSame(outer, inner.parent());
    assertEquals(List.of(inner), outer.children());
    assertEquals(List.of(f.block(4)), outer.latches());
    assertEquals(List.of(f.block(3)), inner.latches());
    assertEquals(4, outer.blocks().size());
    assertEquals(2, loops.depth(f.block(2)));
    assertEquals(1, loops.depth(f.block(4)));
    assertEquals(0, loops.depth(f.block(5)));
    assertNull(loops.loopFor(f.block(6)));
  }
}
