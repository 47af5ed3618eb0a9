package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.codegen.analysis.MachineLoopInfo;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Block placement (seed: machine-passes.md, post-RA list "MachineBlockPlacement"; pass {@code
 * block-placement}, knob {@code disable-block-placement}, {@code -O1} and above, after branch
 * folding): chooses the layout so that branches become fall-throughs, which the PTX printer leaves
 * out ({@code emit/BranchLayout}: a branch to the next block is not printed, and {@code @p bra
 * next; bra X} prints as {@code @!p bra X}, so either successor of a two-way block can fall
 * through).
 *
 * <p>The seed's pass is profile-guided (block frequencies, ext-TSP); we have no profile, so the
 * choice is static. A back edge (to the header of a loop the block is in, itself included) never
 * falls through: loops keep the form instruction selection gave them (bottom-tested after loop
 * rotation). An earlier version let an outer latch fall into its header; on a nested loop that cost
 * the inner loop's exit a branch and ptxas's SASS doubled. Otherwise each block picks one successor
 * to fall into: its only one; of a two-way block ({@code @p BRA a; BRA b}) the one that stays in
 * the block's innermost loop when the other leaves it, else the one that has this block as its only
 * predecessor (not counting the latches of a loop it heads: the "then" side of an if), else the one
 * that follows it in the current layout, else the unconditional target. A block's chain and its
 * choice's chain are joined when the block ends its chain, the choice starts another one and is not
 * the entry; the choices the current layout already falls through are joined first, so that where
 * the rules are indifferent the layout stays as it is. Chains are then laid out starting with the
 * entry's, each next one the first (in the current layout) whose head the last placed block
 * branches to, else the first one left; a loop whose blocks chained together therefore stays
 * contiguous with its exit after it. Everything is decided by the current layout order, so the
 * result is deterministic.
 *
 * <p>Instruction selection already lays blocks out in the IR's order, which the IR passes leave
 * close to this one: on the 22 reference kernels the pass changes nothing; it matters for IR whose
 * block order puts a successor far from its branch (as in {@code KnobsTest}).
 */
public final class MachineBlockPlacement implements MachinePass {
  @Override
  public String name() {
    return "block-placement";
  }

  @Override
  public boolean run(MachineFunction f) {
    List<MachineBlock> old = List.copyOf(f.blocks());
    if (old.size() < 2) {
      return false;
    }
    MachineLoopInfo loops = MachineLoopInfo.of(f, MachineDominatorTree.of(f));
    List<List<MachineBlock>> preds = f.predecessors();
    Map<MachineBlock, List<MachineBlock>> chainOf = new HashMap<>();
    for (MachineBlock b : old) {
      List<MachineBlock> c = new ArrayList<>();
      c.add(b);
      chainOf.put(b, c);
    }
    MachineBlock entry = old.get(0);
    // first the fall-throughs the old layout already has, then the others
    for (boolean keeping : new boolean[] {true, false}) {
      for (int k = 0; k < old.size(); k++) {
        MachineBlock b = old.get(k);
        MachineBlock s =
            fallThroughChoice(f, b, loops, preds, k + 1 < old.size() ? old.get(k + 1) : null);
        if (s == null
            || s == entry
            || s == b
            || (keeping && (k + 1 >= old.size() || s != old.get(k + 1)))) {
          continue;
        }
        List<MachineBlock> from = chainOf.get(b);
        List<MachineBlock> to = chainOf.get(s);
        if (from == to || from.get(from.size() - 1) != b || to.get(0) != s) {
          continue;
        }
        from.addAll(to);
        for (MachineBlock m : to) {
          chainOf.put(m, from);
        }
      }
    }
    List<MachineBlock> order = new ArrayList<>();
    List<List<MachineBlock>> left = new ArrayList<>();
    for (MachineBlock b : old) {
      List<MachineBlock> c = chainOf.get(b);
      if (c.get(0) == b) {
        left.add(c);
      }
    }
    List<MachineBlock> next = chainOf.get(entry);
    while (next != null) {
      left.remove(next);
      order.addAll(next);
      List<MachineBlock> targets = f.successors(next.get(next.size() - 1));
      next = null;
      for (List<MachineBlock> c : left) {
        if (targets.contains(c.get(0))) {
          next = c;
          break;
        }
      }
      if (next == null && !left.isEmpty()) {
        next = left.get(0);
      }
    }
    if (order.equals(old)) {
      return false;
    }
    f.setLayout(order);
    return true;
  }

  /** The successor {@code b} would best fall into, or null. */
  private static MachineBlock fallThroughChoice(
      MachineFunction f,
      MachineBlock b,
      MachineLoopInfo loops,
      List<List<MachineBlock>> preds,
      MachineBlock oldNext) {
    List<MachineInstr> is = b.instrs();
    MachineInstr last = is.get(is.size() - 1);
    if (last.opcode() != MoveOpcodes.BRA || last.guard() != null) {
      return null;
    }
    MachineBlock uncond = f.block(target(last));
    if (isBackEdge(b, uncond, loops)) {
      uncond = null;
    }
    if (is.size() < 2
        || is.get(is.size() - 2).opcode() != MoveOpcodes.BRA
        || is.get(is.size() - 2).guard() == null) {
      return uncond;
    }
    MachineBlock cond = f.block(target(is.get(is.size() - 2)));
    if (isBackEdge(b, cond, loops)) {
      return uncond;
    }
    if (uncond == null || cond == uncond) {
      return uncond == null ? cond : uncond;
    }
    MachineLoopInfo.Loop loop = loops.loopFor(b);
    if (loop != null && loop.contains(cond) != loop.contains(uncond)) {
      return loop.contains(cond) ? cond : uncond;
    }
    boolean condOnlyFromB = forwardPredecessors(cond, loops, preds) == 1;
    boolean uncondOnlyFromB = forwardPredecessors(uncond, loops, preds) == 1;
    if (condOnlyFromB != uncondOnlyFromB) {
      return condOnlyFromB ? cond : uncond;
    }
    return cond == oldNext ? cond : uncond;
  }

  /** True if {@code s} heads a loop that contains {@code b} (including {@code s == b}). */
  private static boolean isBackEdge(MachineBlock b, MachineBlock s, MachineLoopInfo loops) {
    for (MachineLoopInfo.Loop l = loops.loopFor(b); l != null; l = l.parent()) {
      if (l.header() == s) {
        return true;
      }
    }
    return false;
  }

  /** How many predecessors {@code s} has, not counting the latches of the loop it heads. */
  private static int forwardPredecessors(
      MachineBlock s, MachineLoopInfo loops, List<List<MachineBlock>> preds) {
    MachineLoopInfo.Loop loop = loops.loopFor(s);
    int n = 0;
    for (MachineBlock p : preds.get(s.id())) {
      if (loop == null || loop.header() != s || !loop.contains(p)) {
        n++;
      }
    }
    return n;
  }

  private static int target(MachineInstr branch) {
    return ((MOperand.BlockRef) branch.uses().get(0)).block();
  }
}
