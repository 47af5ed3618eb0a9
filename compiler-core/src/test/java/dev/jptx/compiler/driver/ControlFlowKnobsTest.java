package dev.jptx.compiler.driver;

import static dev.jptx.compiler.driver.KnobsTest.dump;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The knobs of the passes that clean up and lay out the control flow graph after allocation. */
class ControlFlowKnobsTest {

  /** An if whose "then" block comes after the join in the IR's block order. */
  private static final String THEN_LAST =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        %2 = icmp slt i32 %1, 0
        br %2, b2, b1
      b1:
        store i32 %1, %0
        ret
      b2:
        %3 = ptradd ptr.global %0, 4
        store i32 %1, %3
        jump b1
      }
      """;

  /** An if-else whose join only passes a value on to the next join. */
  private static final String EMPTY_JOIN =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        %2 = icmp slt i32 %1, 0
        br %2, b5, b1
      b1:
        %3 = icmp slt i32 %1, 9
        br %3, b2, b3
      b2:
        %4 = mul i32 %1, 3
        %10 = ptradd ptr.global %0, 4
        store i32 %4, %10
        jump b4
      b3:
        %5 = sub i32 %1, 7
        %11 = ptradd ptr.global %0, 8
        store i32 %5, %11
        jump b4
      b4:
        %6 = phi i32 [b2: %4], [b3: %5]
        jump b5
      b5:
        %7 = phi i32 [b0: %1], [b4: %6]
        store i32 %7, %0
        ret
      }
      """;

  @Test
  void disableBranchFold_keepsTheJoinThatOnlyBranchesOn() {
    // after allocation the inner join bb4 holds only "BRA bb5" (its PHI copies coalesced away)
    String folded = dump(EMPTY_JOIN, Stage.RA, 1, List.of());
    assertFalse(folded.contains("bb4:"), folded);
    assertTrue(folded.contains("  BRA bb5\nbb3:"), folded);
    String kept = dump(EMPTY_JOIN, Stage.RA, 1, List.of("disable-branch-fold"));
    assertTrue(kept.contains("bb4:\n  BRA bb5\n"), kept);
  }

  @Test
  void disableBlockPlacement_keepsTheThenBlockAfterTheJoin() {
    // placed, the "then" block follows its if and falls into the join: one branch instead of two
    String placed = dump(THEN_LAST, Stage.PTX, 1, List.of());
    assertEquals(1, placed.split("bra ", -1).length - 1, placed);
    String kept = dump(THEN_LAST, Stage.PTX, 1, List.of("disable-block-placement"));
    assertEquals(2, kept.split("bra ", -1).length - 1, kept);
  }
}
