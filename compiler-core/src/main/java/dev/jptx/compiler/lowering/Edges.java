package dev.jptx.compiler.lowering;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.List;

/** Phi bookkeeping when a lowering replaces one edge into a block by edges from new blocks. */
final class Edges {
  private Edges() {}

  /**
   * In every phi of {@code target}, replaces the entry from {@code old} by one entry per block of
   * {@code now} carrying the same value. A block listed in {@code now} twice gets one entry.
   */
  static void retarget(Function f, Block target, Block old, List<Block> now) {
    List<Block> distinct = now.stream().distinct().toList();
    for (Inst i : f.insts(target)) {
      if (!(f.data(i) instanceof InstData.Phi phi)) {
        break;
      }
      List<Block> blocks = new ArrayList<>();
      List<Value> values = new ArrayList<>();
      for (int k = 0; k < phi.blocks().size(); k++) {
        if (phi.blocks().get(k).equals(old)) {
          for (Block b : distinct) {
            blocks.add(b);
            values.add(phi.values().get(k));
          }
        } else {
          blocks.add(phi.blocks().get(k));
          values.add(phi.values().get(k));
        }
      }
      f.setData(i, new InstData.Phi(blocks, values));
    }
  }
}
