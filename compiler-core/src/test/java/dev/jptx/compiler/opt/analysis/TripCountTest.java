package dev.jptx.compiler.opt.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.IrParser;
import org.junit.jupiter.api.Test;

/** Trip counts of hand-written loops: test placement, direction, signedness and wrap-around. */
class TripCountTest {
  /** A top-tested loop {@code for (i = START; i PRED BOUND; i += STEP)} over {@code TYPE}. */
  private static TripCount.Result topTested(
      String type, long start, String pred, long bound, long step, long limit) {
    String ir =
        """
        kernel @k(ptr.global %0) {
        b0:
          jump b1
        b1:
          %1 = phi $T [b0: $START], [b2: %2]
          %3 = icmp $PRED $T %1, $BOUND
          br %3, b2, b3
        b2:
          store $T %1, %0
          %2 = add $T %1, $STEP
          jump b1
        b3:
          ret
        }
        """
            .replace("$T", type)
            .replace("$START", Long.toString(start))
            .replace("$PRED", pred)
            .replace("$BOUND", Long.toString(bound))
            .replace("$STEP", Long.toString(step));
    return of(ir, limit);
  }

  private static TripCount.Result of(String ir, long limit) {
    Function f = IrParser.parseModule("t", ir).functions().get(0);
    return TripCount.of(f, LoopInfo.of(f).loops().get(0), limit);
  }

  @Test
  void topTested_countsBodyRuns() {
    TripCount.Result r = topTested("i32", 0, "slt", 9, 1, 1000);
    assertEquals(10, r.runs());
    assertEquals(9, r.tripCount());
    assertEquals(0, topTested("i32", 5, "slt", 5, 1, 1000).tripCount());
    assertEquals(6, topTested("i32", 0, "sle", 10, 2, 1000).tripCount());
    assertEquals(8, topTested("i32", 7, "sge", 0, -1, 1000).tripCount());
    assertEquals(3, topTested("i32", 0, "ne", 9, 3, 1000).tripCount());
  }

  @Test
  void signednessAndWrapAround() {
    // -1 is the largest unsigned value: 0 <u -1 holds until i reaches it, beyond any small limit
    assertNull(topTested("i32", 0, "ult", -1, 1, 1000));
    // unsigned: from 250 by 3 in i8, still below 255 after wrapping to 0; leaves at 255, run 88
    assertEquals(87, topTested("i8", 250, "ult", 255, 3, 1000).tripCount());
    // signed i32 overflow: from MAX - 1 by 1 while sgt 0 runs MAX - 1, MAX, then wraps to MIN
    assertEquals(2, topTested("i32", Integer.MAX_VALUE - 1, "sgt", 0, 1, 1000).tripCount());
    // i64: from MAX - 4 by 2 while slt MAX runs MAX-4, MAX-2, then MAX is not below MAX
    assertEquals(
        2, topTested("i64", Long.MAX_VALUE - 4, "slt", Long.MAX_VALUE, 2, 1000).tripCount());
    // i64 unsigned across the sign bit
    assertEquals(
        4, topTested("i64", Long.MAX_VALUE - 1, "ult", Long.MIN_VALUE + 2, 1, 1000).tripCount());
  }

  @Test
  void neverLeavingOrBeyondTheLimit_isUnknown() {
    assertNull(topTested("i32", 0, "slt", 10, 0, 1000));
    assertNull(topTested("i32", 0, "ne", 9, 2, 1000));
    assertNull(topTested("i32", 0, "slt", 1000, 1, 100));
    assertEquals(100, topTested("i32", 0, "slt", 99, 1, 100).runs());
  }

  @Test
  void bottomTested_onTheIncrementedValue() {
    String ir =
        """
        kernel @k(ptr.global %0) {
        b0:
          jump b1
        b1:
          %1 = phi i32 [b0: 0], [b1: %2]
          store i32 %1, %0
          %2 = add i32 %1, 1
          %3 = icmp slt i32 %2, 4
          br %3, b1, b2
        b2:
          ret
        }
        """;
    TripCount.Result r = of(ir, 1000);
    assertEquals(4, r.runs());
    assertEquals(4, r.tripCount());
    // the constant on the left and the exit on the true side: leave when 4 <= next
    assertEquals(
        4,
        of(
                ir.replace("icmp slt i32 %2, 4", "icmp sle i32 4, %2")
                    .replace("br %3, b1, b2", "br %3, b2, b1"),
                1000)
            .tripCount());
  }

  @Test
  void unknownBoundOrStartOrTwoExits_isUnknown() {
    String param =
        """
        kernel @k(ptr.global %0, i32 %1) {
        b0:
          jump b1
        b1:
          %2 = phi i32 [b0: 0], [b2: %3]
          %4 = icmp slt i32 %2, %1
          br %4, b2, b3
        b2:
          %3 = add i32 %2, 1
          jump b1
        b3:
          ret
        }
        """;
    assertNull(of(param, 1000));
    assertNull(
        of(param.replace("[b0: 0]", "[b0: %1]").replace("slt i32 %2, %1", "slt i32 %2, 8"), 1000));
    String twoExits =
        """
        kernel @k(ptr.global %0, i1 %1) {
        b0:
          jump b1
        b1:
          %2 = phi i32 [b0: 0], [b4: %3]
          %4 = icmp slt i32 %2, 8
          br %4, b2, b3
        b2:
          br %1, b3, b4
        b4:
          %3 = add i32 %2, 1
          jump b1
        b3:
          ret
        }
        """;
    assertNull(of(twoExits, 1000));
  }

  @Test
  void shiftedAndMultipliedCounters_areSimulated() {
    // for (s = 128; s > 0; s >>= 1): 128 64 32 16 8 4 2 1, then 0 leaves
    String halving =
        """
        kernel @k(ptr.global %0) {
        b0:
          jump b1
        b1:
          %1 = phi i32 [b0: 128], [b2: %2]
          %3 = icmp sgt i32 %1, 0
          br %3, b2, b3
        b2:
          store i32 %1, %0
          %2 = ashr i32 %1, 1
          jump b1
        b3:
          ret
        }
        """;
    assertEquals(8, of(halving, 1000).tripCount());
    // for (s = 1; s < 256; s *= 2) on the multiplied side: 1 .. 128
    assertEquals(
        8,
        of(
                halving
                    .replace("128], [b2", "1], [b2")
                    .replace("sgt i32 %1, 0", "slt i32 %1, 256")
                    .replace("ashr i32 %1, 1", "mul i32 2, %1"),
                1000)
            .tripCount());
  }
}
