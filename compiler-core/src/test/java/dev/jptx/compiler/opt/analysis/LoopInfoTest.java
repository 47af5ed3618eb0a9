package dev.jptx.compiler.opt.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.IrParser;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Natural loops of hand-written CFGs: nesting, preheaders, exits, irreducible cycles. */
class LoopInfoTest {
  private static Function parse(String text) {
    return IrParser.parseModule("t", text).functions().get(0);
  }

  private static Block b(int id) {
    return new Block(id);
  }

  /**
   * An outer loop b1..b5 with an inner loop b2..b3 and a second exit from the inner loop's body (b3
   * -> b6); b0 is the outer preheader, b1 the inner one.
   */
  private static final String NESTED =
      """
      kernel @k(i1 %0, i1 %1, i1 %2) {
      b0:
        jump b1
      b1:
        br %0, b2, b6
      b2:
        br %1, b3, b4
      b3:
        br %2, b2, b6
      b4:
        jump b5
      b5:
        jump b1
      b6:
        ret
      }
      """;

  @Test
  void nestedLoops_headersBlocksAndNesting() {
    LoopInfo li = LoopInfo.of(parse(NESTED));
    assertEquals(2, li.loops().size());
    LoopInfo.Loop outer = li.loops().get(0);
    LoopInfo.Loop inner = li.loops().get(1);
    assertEquals(b(1), outer.header());
    assertEquals(Set.of(b(1), b(2), b(3), b(4), b(5)), outer.blocks());
    assertEquals(List.of(b(5)), outer.latches());
    assertEquals(b(2), inner.header());
    assertEquals(Set.of(b(2), b(3)), inner.blocks());
    assertEquals(List.of(b(3)), inner.latches());
    assertEquals(outer, inner.parent());
    assertNull(outer.parent());
    assertEquals(List.of(inner), outer.children());
    assertEquals(List.of(outer), li.topLevel());
    assertEquals(List.of(inner, outer), li.innermostFirst());
    assertEquals(2, inner.depth());
    assertEquals(inner, li.loopFor(b(3)));
    assertEquals(outer, li.loopFor(b(4)));
    assertNull(li.loopFor(b(6)));
    assertEquals(0, li.depth(b(0)));
    assertEquals(2, li.depth(b(2)));
  }

  @Test
  void preheadersAndExits_ofNestedLoops() {
    LoopInfo li = LoopInfo.of(parse(NESTED));
    LoopInfo.Loop outer = li.loops().get(0);
    LoopInfo.Loop inner = li.loops().get(1);
    assertEquals(b(0), outer.preheader());
    assertEquals(List.of(b(6)), outer.exits());
    // b1 branches to b2 and to b6: it is the unique outside predecessor but runs code on the
    // way out too, so it is no preheader
    assertEquals(List.of(b(1)), inner.outsidePredecessors());
    assertNull(inner.preheader());
    assertEquals(Set.of(b(4), b(6)), Set.copyOf(inner.exits()));
  }

  @Test
  void severalBackEdgesToOneHeader_makeOneLoop() {
    Function f =
        parse(
            """
            kernel @k(i1 %0) {
            b0:
              jump b1
            b1:
              br %0, b2, b3
            b2:
              br %0, b1, b4
            b3:
              jump b1
            b4:
              ret
            }
            """);
    LoopInfo li = LoopInfo.of(f);
    assertEquals(1, li.loops().size());
    LoopInfo.Loop l = li.loops().get(0);
    assertEquals(Set.of(b(1), b(2), b(3)), l.blocks());
    assertEquals(Set.of(b(2), b(3)), Set.copyOf(l.latches()));
    assertEquals(List.of(b(4)), l.exits());
  }

  @Test
  void twoOutsidePredecessors_noPreheader() {
    Function f =
        parse(
            """
            kernel @k(i1 %0) {
            b0:
              br %0, b1, b2
            b1:
              jump b2
            b2:
              br %0, b2, b3
            b3:
              ret
            }
            """);
    LoopInfo.Loop l = LoopInfo.of(f).loops().get(0);
    assertEquals(b(2), l.header());
    assertEquals(Set.of(b(2)), l.blocks());
    assertEquals(List.of(b(2)), l.latches());
    assertEquals(Set.of(b(0), b(1)), Set.copyOf(l.outsidePredecessors()));
    assertNull(l.preheader());
  }

  @Test
  void irreducibleCycle_isNoLoop() {
    // b1 and b2 form a cycle entered at both blocks: neither dominates the other
    Function f =
        parse(
            """
            kernel @k(i1 %0) {
            b0:
              br %0, b1, b2
            b1:
              br %0, b2, b3
            b2:
              jump b1
            b3:
              ret
            }
            """);
    LoopInfo li = LoopInfo.of(f);
    assertTrue(li.loops().isEmpty());
    assertNull(li.loopFor(b(1)));
  }
}
