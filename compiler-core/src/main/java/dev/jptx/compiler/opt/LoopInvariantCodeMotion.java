package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import dev.jptx.compiler.stats.PassCounters;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Hoists loop-invariant computations into the loop's preheader (seed: LLVM's LICM, hoisting only).
 * Loops are visited innermost first, so a value invariant in several nested loops climbs one loop
 * per visit until it reaches the outermost loop it is invariant in. In a loop, the blocks are
 * scanned in reverse post-order; an instruction is invariant if it is {@link PureOps#isSpeculatable
 * speculatable} (pure and never trapping) and each operand is a constant, a parameter, defined
 * outside the loop, or itself invariant. Because only speculatable instructions move, it does not
 * matter whether the loop body runs, or whether the instruction's block runs on every iteration:
 * the hoisted instruction computes a value nobody may read, nothing else. One kind of load moves
 * too: a read-only ({@code invariant}) load of an invariant address in the header, before any
 * instruction with an effect there, such as the bound of {@code for (k = lo[r]; k < hi[r]; k++)}.
 * The header runs whenever the loop is entered, so the load runs in the preheader exactly when it
 * would have run at least once, and read-only memory gives the same value every time. Integer
 * division and remainder, other loads, stores, atomics, calls, allocas and all {@code CONVERGENT}
 * and {@code MEMORY} intrinsics stay where they are.
 *
 * <p>The preheader is the header's unique outside predecessor when that block jumps only to the
 * header; otherwise, and only if something is to be hoisted, a new block is placed before the
 * header in the layout: the outside predecessors branch to it, it jumps to the header, and it takes
 * over their entries in the header's phis (merging differing values in a phi of its own). Loops
 * headed by the entry block are skipped. Requires nothing; preserves SSA; may add blocks.
 */
public final class LoopInvariantCodeMotion implements FunctionPass {
  @Override
  public String name() {
    return "licm";
  }

  @Override
  public boolean run(Function f) {
    return LoopsUntilStable.run(f, LoopInvariantCodeMotion::hoist);
  }

  private static boolean hoist(Function f, LoopInfo.Loop loop) {
    if (loop.header().equals(f.entry())) {
      return false;
    }
    List<Inst> invariant = invariants(f, loop);
    if (invariant.isEmpty()) {
      return false;
    }
    Block preheader = loop.preheader() != null ? loop.preheader() : newPreheader(f, loop);
    Inst end = f.terminator(preheader);
    for (Inst i : invariant) {
      f.moveBefore(i, end);
    }
    PassCounters.add("values hoisted", invariant.size());
    return true;
  }

  private static List<Inst> invariants(Function f, LoopInfo.Loop loop) {
    Set<Value> hoisted = new LinkedHashSet<>();
    List<Inst> invariant = new ArrayList<>();
    for (Block b : loop.blocks()) {
      // in the header, up to its first instruction with an effect: what runs on every entry
      boolean runsOnEntry = b.equals(loop.header());
      for (Inst i : f.insts(b)) {
        InstData d = f.data(i);
        Value r = f.result(i);
        boolean operandsInvariant =
            d.operands().stream().allMatch(v -> hoisted.contains(v) || isOutside(f, loop, v));
        boolean movable =
            PureOps.isSpeculatable(d)
                || (runsOnEntry && d instanceof InstData.Load l && l.invariant());
        if (r != null && movable && operandsInvariant) {
          hoisted.add(r);
          invariant.add(i);
        } else if (!(d instanceof InstData.Phi) && !PureOps.isPure(d)) {
          runsOnEntry = false;
        }
      }
    }
    return invariant;
  }

  private static boolean isOutside(Function f, LoopInfo.Loop loop, Value v) {
    Inst def = f.definingInst(v);
    return def == null || !loop.contains(f.blockOf(def));
  }

  /** A block between the header and its outside predecessors; see the class comment. */
  private static Block newPreheader(Function f, LoopInfo.Loop loop) {
    Block header = loop.header();
    List<Block> outside = loop.outsidePredecessors();
    List<Block> layout = f.blocks();
    Block pre = f.addBlockAfter(layout.get(layout.indexOf(header) - 1));
    for (Inst p : PhiEdges.phis(f, header)) {
      InstData.Phi phi = (InstData.Phi) f.data(p);
      List<Block> blocks = new ArrayList<>();
      List<Value> values = new ArrayList<>();
      for (int k = 0; k < phi.blocks().size(); k++) {
        if (outside.contains(phi.blocks().get(k))) {
          blocks.add(phi.blocks().get(k));
          values.add(phi.values().get(k));
        }
      }
      Value first = values.get(0);
      Value in =
          values.stream().allMatch(first::equals)
              ? first
              : f.result(f.append(pre, new InstData.Phi(blocks, values), f.type(f.result(p)), 0));
      f.setData(p, withOutsideFrom(phi, outside, pre, in));
    }
    f.append(pre, new InstData.Jump(header), VoidType.VOID, 0);
    for (Block o : outside) {
      Inst t = f.terminator(o);
      f.setData(t, f.data(t).mapBlocks(x -> x.equals(header) ? pre : x));
    }
    return pre;
  }

  /** The phi with its entries from {@code outside} replaced by one from {@code pre}. */
  private static InstData.Phi withOutsideFrom(
      InstData.Phi phi, List<Block> outside, Block pre, Value in) {
    List<Block> blocks = new ArrayList<>();
    List<Value> values = new ArrayList<>();
    for (int k = 0; k < phi.blocks().size(); k++) {
      Block b = phi.blocks().get(k);
      if (!outside.contains(b)) {
        blocks.add(b);
        values.add(phi.values().get(k));
      } else if (!blocks.contains(pre)) {
        blocks.add(pre);
        values.add(in);
      }
    }
    return new InstData.Phi(blocks, values);
  }
}
