package dev.jptx.compiler.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Dominators of hand-written CFGs: a diamond inside a loop, and an unreachable block. */
class DominatorTreeTest {
  /**
   * b0 -> b1 (loop header) -> b2 | b3 (diamond) -> b4 (latch) -> b1 | b5 (exit); b6 unreachable.
   */
  private static final String CFG =
      """
      kernel @k(i1 %0, i1 %1) {
      b0:
        jump b1
      b1:
        br %0, b2, b3
      b2:
        jump b4
      b3:
        jump b4
      b4:
        br %1, b1, b5
      b5:
        ret
      b6:
        jump b5
      }
      """;

  private static Function parse(String text) {
    return IrParser.parseModule("t", text).functions().get(0);
  }

  private static Block b(int id) {
    return new Block(id);
  }

  @Test
  void immediateDominators_ofALoopWithADiamond() {
    DominatorTree dom = DominatorTree.of(parse(CFG));
    assertEquals(b(0), dom.idom(b(0)));
    assertEquals(b(0), dom.idom(b(1)));
    assertEquals(b(1), dom.idom(b(2)));
    assertEquals(b(1), dom.idom(b(3)));
    // neither arm of the diamond dominates the join
    assertEquals(b(1), dom.idom(b(4)));
    assertEquals(b(4), dom.idom(b(5)));
    assertNull(dom.idom(b(6)));
  }

  @Test
  void dominates_isReflexiveAndFollowsTheTree() {
    DominatorTree dom = DominatorTree.of(parse(CFG));
    assertTrue(dom.dominates(b(1), b(1)));
    assertFalse(dom.strictlyDominates(b(1), b(1)));
    assertTrue(dom.dominates(b(0), b(5)));
    assertTrue(dom.strictlyDominates(b(1), b(4)));
    assertFalse(dom.dominates(b(2), b(4)));
    assertFalse(dom.dominates(b(4), b(1)));
    // an unreachable block dominates nothing and is dominated by nothing
    assertFalse(dom.dominates(b(6), b(5)));
    assertFalse(dom.dominates(b(0), b(6)));
    assertFalse(dom.isReachable(b(6)));
  }

  @Test
  void childrenAndReversePostOrder_followTheTree() {
    DominatorTree dom = DominatorTree.of(parse(CFG));
    assertEquals(b(0), dom.root());
    assertEquals(List.of(b(1)), dom.children(b(0)));
    assertEquals(List.of(b(2), b(3), b(4)), sorted(dom.children(b(1))));
    assertEquals(List.of(b(5)), dom.children(b(4)));
    assertEquals(List.of(), dom.children(b(6)));
    List<Block> rpo = dom.reversePostOrder();
    assertEquals(6, rpo.size());
    assertEquals(b(0), rpo.get(0));
    // every block comes after its immediate dominator
    for (Block x : rpo.subList(1, rpo.size())) {
      assertTrue(rpo.indexOf(dom.idom(x)) < rpo.indexOf(x), x.toString());
    }
    // children are listed in reverse post-order
    List<Block> kids = dom.children(b(1));
    for (int i = 1; i < kids.size(); i++) {
      assertTrue(rpo.indexOf(kids.get(i - 1)) < rpo.indexOf(kids.get(i)));
    }
  }

  @Test
  void aBlockReachedFromTwoPaths_isDominatedByTheirCommonAncestor() {
    // b3 is reached from b1 and from b2, whose idom is b0; b2 also reaches b1 (no loop)
    Function f =
        parse(
            """
            kernel @k(i1 %0) {
            b0:
              br %0, b1, b2
            b1:
              jump b3
            b2:
              br %0, b1, b3
            b3:
              ret
            }
            """);
    DominatorTree dom = DominatorTree.of(f);
    assertEquals(b(0), dom.idom(b(1)));
    assertEquals(b(0), dom.idom(b(3)));
    assertEquals(b(0), dom.idom(b(2)));
  }

  private static List<Block> sorted(List<Block> l) {
    return l.stream().sorted(java.util.Comparator.comparingInt(Block::id)).toList();
  }
}
