package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.VoidType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A copy of some of a function's blocks inside the same function, as loop transformations make
 * them: every instruction is copied, operands read through a value table the caller seeds (a header
 * phi's stand-in, say) and that receives each copied result; branch targets and phi entries naming
 * a copied block name its copy, all others stay as they were, for the caller to rewire.
 */
final class LoopBlockCopy {
  private static final InstData PLACEHOLDER = new InstData.Return(List.of());

  private final Map<Block, Block> blocks;
  private final Block last;

  private LoopBlockCopy(Map<Block, Block> blocks, Block last) {
    this.blocks = blocks;
    this.last = last;
  }

  /**
   * Copies {@code originals} in their order, placed after {@code after} in the layout; {@code
   * values} maps values to their stand-ins and receives every copied result.
   */
  static LoopBlockCopy of(
      Function f, List<Block> originals, Map<Value, Value> values, Block after) {
    Map<Block, Block> blocks = new HashMap<>();
    Block prev = after;
    for (Block b : originals) {
      prev = f.addBlockAfter(prev);
      blocks.put(b, prev);
    }
    // results first, so that a phi may read a value defined later in the copy
    List<Inst[]> pairs = new ArrayList<>();
    for (Block b : originals) {
      for (Inst i : f.insts(b)) {
        Value r = f.result(i);
        Inst copy =
            f.append(blocks.get(b), PLACEHOLDER, r == null ? VoidType.VOID : f.type(r), f.line(i));
        if (r != null) {
          values.put(r, f.result(copy));
        }
        pairs.add(new Inst[] {i, copy});
      }
    }
    for (Inst[] p : pairs) {
      InstData d = f.data(p[0]).mapOperands(v -> values.getOrDefault(v, v));
      f.setData(p[1], d.mapBlocks(x -> blocks.getOrDefault(x, x)));
    }
    return new LoopBlockCopy(blocks, prev);
  }

  /** The copy of {@code b}. */
  Block get(Block b) {
    return blocks.get(b);
  }

  /** The copy placed last in the layout. */
  Block last() {
    return last;
  }

  /** {@code b}'s terminator branches to {@code to} where it branched to {@code from}. */
  static void retarget(Function f, Block b, Block from, Block to) {
    Inst t = f.terminator(b);
    f.setData(t, f.data(t).mapBlocks(x -> x.equals(from) ? to : x));
  }
}
