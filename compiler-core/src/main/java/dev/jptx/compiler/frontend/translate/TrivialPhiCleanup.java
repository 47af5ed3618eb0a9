package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import java.util.List;

/**
 * Removes the phis SSA construction placed where all predecessors turned out to agree: a phi whose
 * incoming values are one value {@code v} (besides itself) is replaced by {@code v}, until none is
 * left (Braun et al., section 3.1, done as one sweep after construction).
 */
final class TrivialPhiCleanup {
  private TrivialPhiCleanup() {}

  static void run(Function f) {
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Block b : f.blocks()) {
        for (Inst i : List.copyOf(f.insts(b))) {
          if (f.data(i) instanceof InstData.Phi phi) {
            Value self = f.result(i);
            Value same = null;
            boolean trivial = true;
            for (Value v : phi.values()) {
              if (v.equals(self) || v.equals(same)) {
                continue;
              }
              if (same != null) {
                trivial = false;
                break;
              }
              same = v;
            }
            if (trivial && same != null) {
              f.replaceAllUses(self, same);
              f.remove(i);
              changed = true;
            }
          }
        }
      }
    }
  }
}
