package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Cleans up the control-flow graph (seed: LLVM's SimplifyCFG, its cheap local rules only). Repeats
 * until nothing changes:
 *
 * <ol>
 *   <li>a {@code br} on a constant, or to the same block twice, becomes a {@code jump} (the lost
 *       successor's phis drop the edge);
 *   <li>blocks the entry does not reach are removed, with their entries in reachable phis;
 *   <li>a phi whose incoming values are all one value (itself aside) is replaced by that value,
 *       which dominates every predecessor and so the phi's block;
 *   <li>a block whose unique predecessor has it as unique successor is appended to that predecessor
 *       (its phis are trivial by then);
 *   <li>an empty block that only jumps on (not the entry, not a self-loop) is bypassed: its
 *       predecessors branch straight to its target, whose phis take the forwarded value from each
 *       of them. Skipped when a predecessor already branches to the target and the target has phis,
 *       since a phi has one entry per predecessor, and when the block splits a critical edge out of
 *       a loop block into a block with phis, whose copies would otherwise run every iteration;
 *   <li>two branches to a common destination, the second computing only a few cheap values, become
 *       one branch on the combined condition ({@link BranchConditionMerging});
 *   <li>a branch whose arms compute only a few cheap values becomes straight-line code with selects
 *       ({@link SelectFormation}).
 * </ol>
 *
 * No instruction changes the block it executes in relative to the threads that run it: merged
 * blocks run under the same conditions, so convergent operations see the same threads. Requires
 * nothing; preserves SSA; changes the CFG (recompute analyses).
 */
public final class SimplifyCfg implements FunctionPass {
  @Override
  public String name() {
    return "simplifycfg";
  }

  @Override
  public boolean run(Function f) {
    boolean changed = false;
    boolean again = true;
    while (again) {
      again = foldBranches(f);
      again |= removeUnreachable(f);
      again |= removeTrivialPhis(f);
      again |= mergeIntoPredecessors(f);
      again |= bypassForwardingBlocks(f);
      again |= BranchConditionMerging.run(f);
      again |= SelectFormation.run(f);
      changed |= again;
    }
    return changed;
  }

  private static boolean foldBranches(Function f) {
    boolean changed = false;
    for (Block b : f.blocks()) {
      Inst t = f.terminator(b);
      if (t == null || !(f.data(t) instanceof InstData.Branch br)) {
        continue;
      }
      if (br.ifTrue().equals(br.ifFalse())) {
        f.setData(t, new InstData.Jump(br.ifTrue()));
        changed = true;
      } else if (f.isConstant(br.condition())) {
        boolean taken = f.constantBits(br.condition()) != 0;
        f.setData(t, new InstData.Jump(taken ? br.ifTrue() : br.ifFalse()));
        PhiEdges.removeIncoming(f, taken ? br.ifFalse() : br.ifTrue(), b);
        changed = true;
      }
    }
    return changed;
  }

  private static boolean removeUnreachable(Function f) {
    Cfg cfg = Cfg.of(f);
    List<Block> dead = f.blocks().stream().filter(b -> !cfg.isReachable(b)).toList();
    for (Block b : dead) {
      for (Block s : f.successors(b)) {
        PhiEdges.removeIncoming(f, s, b);
      }
    }
    for (Block b : dead) {
      f.removeBlock(b);
    }
    return !dead.isEmpty();
  }

  private static boolean removeTrivialPhis(Function f) {
    boolean changed = false;
    boolean again = true;
    while (again) {
      again = false;
      for (Block b : f.blocks()) {
        for (Inst p : PhiEdges.phis(f, b)) {
          Value only = onlyIncoming(f, p);
          if (only != null) {
            f.replaceAllUses(f.result(p), only);
            f.remove(p);
            again = true;
          }
        }
      }
      changed |= again;
    }
    return changed;
  }

  /** The one value a phi can take, ignoring itself; null if there are several (or none). */
  private static Value onlyIncoming(Function f, Inst p) {
    Value self = f.result(p);
    Value only = null;
    for (Value v : ((InstData.Phi) f.data(p)).values()) {
      if (v.equals(self) || v.equals(only)) {
        continue;
      }
      if (only != null) {
        return null;
      }
      only = v;
    }
    return only;
  }

  /**
   * Merges each block into its predecessor where that is its only one and it is the predecessor's
   * only successor, in one walk: the predecessors are kept up to date across merges instead of
   * being recomputed after each (a chain of n blocks took n walks).
   */
  private static boolean mergeIntoPredecessors(Function f) {
    Cfg cfg = Cfg.of(f);
    Map<Block, List<Block>> preds = new HashMap<>();
    for (Block b : f.blocks()) {
      preds.put(b, new ArrayList<>(cfg.predecessors(b)));
    }
    boolean changed = false;
    for (Block b : List.copyOf(f.blocks())) {
      List<Block> ps = preds.get(b);
      if (b.equals(f.entry()) || ps.size() != 1) {
        continue;
      }
      Block a = ps.get(0);
      if (a.equals(b) || !f.successors(a).equals(List.of(b))) {
        continue;
      }
      List<Block> after = f.successors(b);
      merge(f, a, b);
      // a was only b's predecessor, so it becomes the successors' predecessor in b's place
      for (Block s : after) {
        preds.get(s).replaceAll(x -> x.equals(b) ? a : x);
      }
      preds.remove(b);
      changed = true;
    }
    return changed;
  }

  /** Appends {@code b} to {@code a}, its unique predecessor, whose unique successor it is. */
  private static void merge(Function f, Block a, Block b) {
    for (Inst p : PhiEdges.phis(f, b)) {
      f.replaceAllUses(f.result(p), ((InstData.Phi) f.data(p)).valueFrom(a));
      f.remove(p);
    }
    f.remove(f.terminator(a));
    for (Inst i : List.copyOf(f.insts(b))) {
      f.moveToEnd(i, a);
    }
    for (Block s : f.successors(a)) {
      for (Inst p : PhiEdges.phis(f, s)) {
        f.setData(p, f.data(p).mapBlocks(x -> x.equals(b) ? a : x));
      }
    }
    f.removeBlock(b);
  }

  /**
   * Bypasses the first forwarding block (in layout order) that can be, again and again until none
   * can. Done as written that restarts the walk and rebuilds the CFG after each bypass; here the
   * blocks still to try wait in a queue by layout position and the predecessors are kept current. A
   * bypass of {@code b} (predecessors {@code P}, target {@code t}) changes only the terminators of
   * {@code P}, the predecessors of {@code t} and {@code t}'s phis, so the blocks whose answer may
   * change are {@code t}, {@code P} and {@code t}'s predecessors (which share its target): those go
   * back in the queue, and every other block tried before still fails. The bypasses are the ones
   * the restarting walk makes, in the same order.
   */
  private static boolean bypassForwardingBlocks(Function f) {
    // Which blocks are in a loop does not change when a forwarding block is bypassed (the loops
    // keep every other block), so the loops are found once, not once per forwarding block.
    LoopInfo[] loops = {null};
    Map<Block, Integer> position = new HashMap<>();
    f.blocks().forEach(b -> position.put(b, position.size()));
    Comparator<Block> byPosition = Comparator.comparingInt(position::get);
    Cfg cfg = Cfg.of(f);
    Map<Block, List<Block>> preds = new HashMap<>();
    for (Block b : f.blocks()) {
      preds.put(b, new ArrayList<>(cfg.predecessors(b)));
    }
    TreeSet<Block> queue = new TreeSet<>(byPosition);
    queue.addAll(f.blocks());
    boolean changed = false;
    while (!queue.isEmpty()) {
      Block b = queue.pollFirst();
      if (!isForwarding(f, b)) {
        continue;
      }
      Block target = ((InstData.Jump) f.data(f.terminator(b))).target();
      List<Block> from = List.copyOf(preds.get(b));
      if (!bypass(f, preds, b, loops)) {
        continue;
      }
      changed = true;
      preds.remove(b);
      List<Block> into = preds.get(target);
      into.remove(b);
      for (Block p : from) {
        if (!into.contains(p)) {
          into.add(p);
        }
      }
      into.sort(byPosition);
      queue.add(target);
      queue.addAll(from);
      queue.addAll(into);
    }
    return changed;
  }

  /**
   * True if {@code b} is the one block on an edge out of a loop block that also goes elsewhere:
   * bypassing it would make the edge critical, and out-of-SSA would then put the target's phi
   * copies before the loop block's branch, where they run on every iteration instead of once.
   */
  private static boolean splitsLoopEdge(Function f, List<Block> preds, LoopInfo[] loops) {
    for (Block p : preds) {
      if (f.successors(p).size() <= 1) {
        continue;
      }
      if (loops[0] == null) {
        Cfg cfg = Cfg.of(f);
        loops[0] = LoopInfo.of(f, cfg, DominatorTree.of(f, cfg));
      }
      if (loops[0].loopFor(p) != null) {
        return true;
      }
    }
    return false;
  }

  private static boolean isForwarding(Function f, Block b) {
    List<Inst> insts = f.insts(b);
    return !b.equals(f.entry())
        && insts.size() == 1
        && f.data(insts.get(0)) instanceof InstData.Jump j
        && !j.target().equals(b);
  }

  /** Bypasses {@code b} if it can be, given each block's current predecessors in layout order. */
  private static boolean bypass(
      Function f, Map<Block, List<Block>> predecessors, Block b, LoopInfo[] loops) {
    Block target = ((InstData.Jump) f.data(f.terminator(b))).target();
    List<Block> preds = List.copyOf(predecessors.get(b));
    Set<Block> targetPreds = new HashSet<>(predecessors.get(target));
    boolean hasPhis = !PhiEdges.phis(f, target).isEmpty();
    if (preds.isEmpty() || hasPhis && preds.stream().anyMatch(targetPreds::contains)) {
      return false;
    }
    if (hasPhis && splitsLoopEdge(f, preds, loops)) {
      return false;
    }
    for (Block p : preds) {
      Inst t = f.terminator(p);
      f.setData(t, f.data(t).mapBlocks(x -> x.equals(b) ? target : x));
    }
    PhiEdges.replaceIncoming(f, target, b, preds);
    f.removeBlock(b);
    return true;
  }
}
