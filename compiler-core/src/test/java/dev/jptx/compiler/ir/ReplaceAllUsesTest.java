package dev.jptx.compiler.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Function#replaceAllUses} finds the readers through the function's use lists: readers
 * gained or lost through {@link Function#setData} count, removed instructions are left alone.
 */
class ReplaceAllUsesTest {
  private static final String K =
      """
      kernel @k(ptr.global %0, i32 %1, i32 %2) {
      b0:
        %3 = add i32 %1, 1
        %4 = add i32 %1, 2
        %5 = add i32 %2, 3
        store i32 %3, %0
        store i32 %4, %0
        store i32 %5, %0
        ret
      }
      """;

  @Test
  void readersFollowSetDataAndRemoval() {
    Function f = IrParser.parseFunction(K);
    List<Inst> is = f.allInsts();
    Value p1 = f.params().get(1);
    Value p2 = f.params().get(2);
    // %4 stops reading %1; %5 starts reading it
    f.setData(is.get(1), f.data(is.get(1)).mapOperands(v -> v.equals(p1) ? p2 : v));
    f.setData(is.get(2), f.data(is.get(2)).mapOperands(v -> v.equals(p2) ? p1 : v));
    Inst removed = is.get(0);
    f.replaceAllUses(f.result(removed), f.constant(ScalarType.I32, 9));
    f.remove(removed);
    Value seven = f.constant(ScalarType.I32, 7);
    f.replaceAllUses(p1, seven);
    // (the printer numbers the values afresh)
    assertEquals(
        """
        kernel @k(ptr.global %0, i32 %1, i32 %2) {
        b0:
          %3 = add i32 %2, 2
          %4 = add i32 7, 3
          store i32 9, %0
          store i32 %3, %0
          store i32 %4, %0
          ret
        }
        """,
        IrPrinter.print(f));
  }

  @Test
  void readersAreTheLiveInstructionsReadingAValue_inTheOrderMade() {
    Function f = IrParser.parseFunction(K);
    List<Inst> is = f.allInsts();
    Value p1 = f.params().get(1);
    assertEquals(List.of(is.get(0), is.get(1)), f.readers(p1));
    f.setData(is.get(0), f.data(is.get(0)).mapOperands(v -> f.params().get(2)));
    f.remove(is.get(1));
    assertEquals(List.of(), f.readers(p1));
    assertEquals(List.of(is.get(0), is.get(2)), f.readers(f.params().get(2)));
  }

  @Test
  void splittingABlock_nearItsStartOrItsEnd_givesTheSameBlocks() {
    // the shorter part is the one that moves: the head for a split near the start, the tail near
    // the end; either way the new block follows and holds the split point and what comes after
    for (int at : List.of(1, 5)) {
      Function f = IrParser.parseFunction(K);
      List<Inst> is = f.allInsts();
      Block b = f.entry();
      Block tail = f.splitBlockBefore(is.get(at));
      f.append(b, new InstData.Jump(tail), VoidType.VOID, 0);
      assertEquals(List.of(b, tail), f.blocks());
      assertEquals(is.subList(at, is.size()), f.insts(tail));
      assertEquals(at + 1, f.insts(b).size());
      for (Inst i : is.subList(0, at)) {
        assertEquals(b, f.blockOf(i));
      }
      for (Inst i : is.subList(at, is.size())) {
        assertEquals(tail, f.blockOf(i));
      }
      // instructions added afterwards land in the block they are added to
      Inst added = f.insertBefore(is.get(at), new InstData.Jump(tail), VoidType.VOID, 0);
      assertEquals(tail, f.blockOf(added));
      f.remove(added);
      assertEquals(is.subList(at, is.size()), f.insts(tail));
    }
  }
}
