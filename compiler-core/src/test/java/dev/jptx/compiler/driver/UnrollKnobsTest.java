package dev.jptx.compiler.driver;

import static dev.jptx.compiler.driver.KnobsTest.dump;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The knobs of full, runtime and partial unrolling ({@code unroll}, {@code unroll-runtime}): each
 * changes how many copies of a loop's body the optimized IR holds.
 */
class UnrollKnobsTest {
  /** A loop up to a parameter: a run-time trip count. One body: one store. */
  private static final String RUNTIME_LOOP =
      """
      kernel @k(ptr.global %0, i32 %1) {
      b0:
        jump b1
      b1:
        %2 = phi i32 [b0: 0], [b2: %3]
        %4 = icmp slt i32 %2, %1
        br %4, b2, b3
      b2:
        %5 = sext i32 %2 to i64
        %6 = ptradd ptr.global %0, %5
        store i32 %2, %6
        %3 = add i32 %2, 1
        jump b1
      b3:
        ret
      }
      """;

  /**
   * 80 trips of a body that full unrolling's default threshold (256) does not take: of its seven
   * instructions the induction variable's extension, address and step fold in each copy, the load,
   * add, store and jump do not, and 81 runs of four are 324.
   */
  private static final String CONSTANT_LOOP =
      """
      kernel @k(ptr.global %0, i32 %9) {
      b0:
        jump b1
      b1:
        %1 = phi i32 [b0: 0], [b2: %2]
        %3 = icmp slt i32 %1, 80
        br %3, b2, b3
      b2:
        %4 = sext i32 %1 to i64
        %5 = ptradd ptr.global %0, %4
        %6 = load i32 %5
        %7 = add i32 %6, %9
        store i32 %7, %5
        %2 = add i32 %1, 1
        jump b1
      b3:
        ret
      }
      """;

  @Test
  void disableUnroll_keepsTheLoop() {
    String unrolled = dump(KnobsTest.CONSTANT_LOOP, Stage.OPT, 3, List.of());
    assertFalse(unrolled.contains("phi"), unrolled);
    assertTrue(unrolled.contains("store i32 3, %0"), unrolled);
    assertTrue(
        dump(KnobsTest.CONSTANT_LOOP, Stage.OPT, 3, List.of("disable-unroll")).contains("phi"));
    // -O1 does not unroll
    assertTrue(dump(KnobsTest.CONSTANT_LOOP, Stage.OPT, 1, List.of()).contains("phi"));
  }

  @Test
  void unrollThreshold_boundsRunsTimesSize() {
    // the loop has 6 instructions, 4 of which fold in every copy (the phi, its test, the branch,
    // the step), and its header runs 5 times: 10
    assertTrue(
        dump(KnobsTest.CONSTANT_LOOP, Stage.OPT, 3, List.of("unroll-threshold=9")).contains("phi"));
    assertFalse(
        dump(KnobsTest.CONSTANT_LOOP, Stage.OPT, 3, List.of("unroll-threshold=10"))
            .contains("phi"));
    assertTrue(
        dump(KnobsTest.CONSTANT_LOOP, Stage.OPT, 3, List.of("unroll-threshold=0")).contains("phi"));
  }

  private static int stores(String ir, String... knobs) {
    List<String> k = new ArrayList<>(List.of(knobs));
    String out = dump(ir, Stage.OPT, 3, k);
    return out.split("store ", -1).length - 1;
  }

  @Test
  void runtimeLoop_unrolledByFourAfterARemainderLoop() {
    // the remainder loop's body and four in the unrolled loop
    assertEquals(5, stores(RUNTIME_LOOP));
    assertEquals(1, stores(RUNTIME_LOOP, "disable-unroll-runtime"));
  }

  @Test
  void optimizeForSize_presetsUnrollOnlyWhatGetsSmaller() {
    String[] size = SizeOptimization.PRESETS.toArray(String[]::new);
    assertEquals(1, stores(RUNTIME_LOOP, size));
    assertEquals(1, stores(CONSTANT_LOOP, size));
    // the four-trip loop still unrolls fully (10 instructions after folding, below 32)
    assertFalse(
        dump(KnobsTest.CONSTANT_LOOP, Stage.OPT, 2, SizeOptimization.PRESETS).contains("phi"));
  }

  @Test
  void unrollRuntimeCount_isTheFactor() {
    assertEquals(3, stores(RUNTIME_LOOP, "unroll-runtime-count=2"));
    assertEquals(4, stores(RUNTIME_LOOP, "unroll-runtime-count=3"));
    assertEquals(9, stores(RUNTIME_LOOP, "unroll-runtime-count=8"));
    assertEquals(1, stores(RUNTIME_LOOP, "unroll-runtime-count=1"));
    assertEquals(1, stores(RUNTIME_LOOP, "unroll-runtime-count=0"));
    // a constant trip count is not the runtime factor's business
    assertEquals(8, stores(CONSTANT_LOOP, "unroll-runtime-count=2"));
  }

  @Test
  void unrollPartialCount_isTheLargestDivisorAllowed() {
    assertEquals(8, stores(CONSTANT_LOOP));
    assertEquals(5, stores(CONSTANT_LOOP, "unroll-partial-count=7"));
    assertEquals(2, stores(CONSTANT_LOOP, "unroll-partial-count=3"));
    assertEquals(1, stores(CONSTANT_LOOP, "unroll-partial-count=1"));
    assertEquals(1, stores(CONSTANT_LOOP, "disable-unroll-runtime"));
    // a run-time trip count is not the partial count's business
    assertEquals(5, stores(RUNTIME_LOOP, "unroll-partial-count=1"));
  }

  @Test
  void unrollRuntimeThreshold_boundsTheUnrolledBody() {
    // five body instructions in the runtime loop, the jump included: by 4 needs 20
    assertEquals(5, stores(RUNTIME_LOOP, "unroll-runtime-threshold=20"));
    assertEquals(1, stores(RUNTIME_LOOP, "unroll-runtime-threshold=19"));
    // seven in the constant one: by 8 needs 56, by 5 35, by 4 28, by 2 14
    assertEquals(4, stores(CONSTANT_LOOP, "unroll-runtime-threshold=28"));
    assertEquals(2, stores(CONSTANT_LOOP, "unroll-runtime-threshold=27"));
    assertEquals(1, stores(CONSTANT_LOOP, "unroll-runtime-threshold=13"));
  }
}
