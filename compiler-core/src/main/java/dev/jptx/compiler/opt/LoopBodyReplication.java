package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.opt.analysis.CountedLoop;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A counted loop's body repeated {@code factor} times inside the loop, so that one run of the
 * header's test covers {@code factor} iterations: the latch of each copy enters the next copy's
 * body instead of the header, and only the last copy goes back. In copy {@code k} a header phi
 * stands for the value the previous copy's latch would have sent it. Correct only where the caller
 * knows the loop runs a multiple of {@code factor} iterations from wherever it is entered: the
 * tests it skips would all have stayed in the loop.
 */
final class LoopBodyReplication {
  private LoopBodyReplication() {}

  /** Repeats the body of {@code c}; see the class comment. */
  static void replicate(Function f, CountedLoop c, int factor) {
    Block header = c.header();
    List<Block> body = c.body(f);
    List<Inst> phis = PhiEdges.phis(f, header);
    // the value each header phi receives at the end of the copy made last
    Map<Inst, Value> sent = new HashMap<>();
    for (Inst p : phis) {
      sent.put(p, ((InstData.Phi) f.data(p)).valueFrom(c.latch()));
    }
    // every copy is made from the original blocks, whose latch still jumps to the header; the
    // chain is linked afterwards
    List<Block> latches = new ArrayList<>(List.of(c.latch()));
    List<Block> entries = new ArrayList<>(List.of(c.bodyEntry()));
    Block after = body.get(body.size() - 1);
    for (int k = 1; k < factor; k++) {
      Map<Value, Value> values = new HashMap<>();
      phis.forEach(p -> values.put(f.result(p), sent.get(p)));
      LoopBlockCopy copy = LoopBlockCopy.of(f, body, values, after);
      after = copy.last();
      latches.add(copy.get(c.latch()));
      entries.add(copy.get(c.bodyEntry()));
      for (Inst p : phis) {
        Value v = ((InstData.Phi) f.data(p)).valueFrom(c.latch());
        sent.put(p, values.getOrDefault(v, v));
      }
    }
    for (int k = 0; k + 1 < factor; k++) {
      LoopBlockCopy.retarget(f, latches.get(k), header, entries.get(k + 1));
    }
    Block latch = latches.get(factor - 1);
    for (Inst p : phis) {
      InstData.Phi phi = (InstData.Phi) f.data(p);
      List<Block> blocks = new ArrayList<>(phi.blocks());
      List<Value> vals = new ArrayList<>(phi.values());
      int k = blocks.indexOf(c.latch());
      blocks.set(k, latch);
      vals.set(k, sent.get(p));
      f.setData(p, new InstData.Phi(blocks, vals));
    }
  }
}
