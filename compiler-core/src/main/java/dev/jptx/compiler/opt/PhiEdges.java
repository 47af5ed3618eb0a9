package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.List;

/** Edits of the phis at the top of a block when its incoming edges change. */
final class PhiEdges {
  private PhiEdges() {}

  /** The phis of {@code b}, in order. */
  static List<Inst> phis(Function f, Block b) {
    List<Inst> phis = new ArrayList<>();
    for (Inst i : f.insts(b)) {
      if (!(f.data(i) instanceof InstData.Phi)) {
        break;
      }
      phis.add(i);
    }
    return phis;
  }

  /** {@code pred} no longer branches to {@code b}: drop its entries from {@code b}'s phis. */
  static void removeIncoming(Function f, Block b, Block pred) {
    for (Inst p : phis(f, b)) {
      InstData.Phi phi = (InstData.Phi) f.data(p);
      int k = phi.blocks().indexOf(pred);
      if (k >= 0) {
        List<Block> blocks = new ArrayList<>(phi.blocks());
        List<Value> values = new ArrayList<>(phi.values());
        blocks.remove(k);
        values.remove(k);
        f.setData(p, new InstData.Phi(blocks, values));
      }
    }
  }

  /**
   * The edge from {@code old} now comes from each of {@code preds} instead, carrying the value that
   * came from {@code old}.
   */
  static void replaceIncoming(Function f, Block b, Block old, List<Block> preds) {
    for (Inst p : phis(f, b)) {
      InstData.Phi phi = (InstData.Phi) f.data(p);
      int k = phi.blocks().indexOf(old);
      if (k < 0) {
        continue;
      }
      Value v = phi.values().get(k);
      List<Block> blocks = new ArrayList<>(phi.blocks());
      List<Value> values = new ArrayList<>(phi.values());
      blocks.remove(k);
      values.remove(k);
      blocks.addAll(k, preds);
      values.addAll(k, java.util.Collections.nCopies(preds.size(), v));
      f.setData(p, new InstData.Phi(blocks, values));
    }
  }
}
