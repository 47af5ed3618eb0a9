package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where each parameter is loaded: the nearest block that dominates every use (for a phi, the end of
 * the incoming block), moved up the dominator tree until it lies on no cycle, so a load never
 * repeats in a loop. A parameter nothing reads stays in the entry block (and is not loaded).
 */
final class ParamPlacement {
  private ParamPlacement() {}

  /** Fills {@code home} with the layout index of each parameter's block. */
  static void place(
      Function f, List<Block> layout, Map<Block, Integer> index, Map<Value, Integer> home) {
    DominatorTree dom = DominatorTree.of(f);
    for (Value p : f.params()) {
      Block at = null;
      for (Block b : layout) {
        for (Inst i : f.insts(b)) {
          InstData d = f.data(i);
          if (d instanceof InstData.Phi phi) {
            for (int k = 0; k < phi.values().size(); k++) {
              if (phi.values().get(k).equals(p) && index.containsKey(phi.blocks().get(k))) {
                at = commonDominator(dom, at, phi.blocks().get(k));
              }
            }
          } else if (d.operands().contains(p)) {
            at = commonDominator(dom, at, b);
          }
        }
      }
      while (at != null && onCycle(f, at)) {
        at = dom.idom(at);
      }
      home.put(p, at == null ? 0 : index.get(at));
    }
  }

  private static Block commonDominator(DominatorTree dom, Block a, Block b) {
    if (a == null) {
      return b;
    }
    Block x = a;
    while (!dom.dominates(x, b)) {
      x = dom.idom(x);
    }
    return x;
  }

  private static boolean onCycle(Function f, Block start) {
    Set<Block> seen = new HashSet<>();
    Deque<Block> work = new ArrayDeque<>(f.successors(start));
    while (!work.isEmpty()) {
      Block b = work.pop();
      if (b.equals(start)) {
        return true;
      }
      if (seen.add(b)) {
        work.addAll(f.successors(b));
      }
    }
    return false;
  }
}
