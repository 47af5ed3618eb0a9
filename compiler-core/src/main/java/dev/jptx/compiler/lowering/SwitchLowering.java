package dev.jptx.compiler.lowering;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.VoidType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Lowers {@code switch} to a chain of equality tests, one block per key in key order, the last
 * falling to the default. (A jump table through {@code brx.idx} is the backend's later choice for
 * dense switches; the chain is always correct.)
 */
public final class SwitchLowering {
  private SwitchLowering() {}

  /** Lowers every switch of {@code f}; true if there was one. */
  public static boolean run(Function f) {
    boolean changed = false;
    for (Block b : List.copyOf(f.blocks())) {
      Inst t = f.terminator(b);
      if (t != null && f.data(t) instanceof InstData.Switch s) {
        lower(f, b, t, s);
        changed = true;
      }
    }
    return changed;
  }

  private static void lower(Function f, Block b, Inst t, InstData.Switch s) {
    int line = f.line(t);
    f.remove(t);
    Map<Block, List<Block>> newPreds = new HashMap<>();
    Block current = b;
    int n = s.keys().size();
    if (n == 0) {
      f.append(b, new InstData.Jump(s.otherwise()), VoidType.VOID, line);
      return;
    }
    for (int k = 0; k < n; k++) {
      Value key = f.i32((int) (long) s.keys().get(k));
      Value eq =
          f.result(
              f.append(
                  current,
                  new InstData.Compare(Opcode.ICMP, CmpPredicate.EQ, s.value(), key),
                  ScalarType.I1,
                  line));
      Block next = k + 1 < n ? f.addBlockAfter(current) : s.otherwise();
      Block target = s.targets().get(k);
      f.append(current, new InstData.Branch(eq, target, next), VoidType.VOID, line);
      newPreds.computeIfAbsent(target, x -> new ArrayList<>()).add(current);
      if (k + 1 == n) {
        newPreds.computeIfAbsent(next, x -> new ArrayList<>()).add(current);
      }
      current = next;
    }
    newPreds.forEach((target, preds) -> Edges.retarget(f, target, b, preds));
  }
}
