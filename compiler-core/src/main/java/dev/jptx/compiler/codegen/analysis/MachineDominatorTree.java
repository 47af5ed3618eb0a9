package dev.jptx.compiler.codegen.analysis;

import dev.jptx.compiler.graph.Dominators;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The dominator tree of a machine function's reachable blocks (seed: machine-passes.md, the
 * analyses the machine passes require; {@link Dominators} computes it). A snapshot of the CFG as it
 * was: recompute it after changing branches.
 */
public final class MachineDominatorTree {
  private final MachineFunction f;
  private final int[] idom;
  private final List<List<MachineBlock>> children = new ArrayList<>();
  private final int[] entry;
  private final int[] exit;
  private final List<MachineBlock> rpo = new ArrayList<>();

  private MachineDominatorTree(MachineFunction f) {
    this.f = f;
    int n = 0;
    for (MachineBlock b : f.blocks()) {
      n = Math.max(n, b.id() + 1);
    }
    List<int[]> succ = new ArrayList<>();
    List<int[]> pred = new ArrayList<>();
    List<List<MachineBlock>> preds = f.predecessors();
    for (int id = 0; id < n; id++) {
      succ.add(new int[0]);
      pred.add(
          id < preds.size()
              ? preds.get(id).stream().mapToInt(MachineBlock::id).toArray()
              : new int[0]);
    }
    for (MachineBlock b : f.blocks()) {
      succ.set(b.id(), f.successors(b).stream().mapToInt(MachineBlock::id).toArray());
    }
    int[] order = Dominators.reversePostOrder(f.blocks().get(0).id(), succ);
    for (int id : order) {
      rpo.add(f.block(id));
    }
    idom = Dominators.immediateDominators(order, pred);
    for (int id = 0; id < n; id++) {
      children.add(new ArrayList<>());
    }
    for (int id : order) {
      if (id != order[0]) {
        children.get(idom[id]).add(f.block(id));
      }
    }
    int[][] intervals = Dominators.intervals(order, idom, n);
    entry = intervals[0];
    exit = intervals[1];
  }

  /** The dominator tree of {@code f}; its first block is the entry. */
  public static MachineDominatorTree of(MachineFunction f) {
    return new MachineDominatorTree(f);
  }

  /** The immediate dominator; the entry is its own; null for an unreachable block. */
  public MachineBlock idom(MachineBlock b) {
    int d = idom[b.id()];
    return d < 0 ? null : f.block(d);
  }

  /** True if {@code b} is reachable from the entry. */
  public boolean isReachable(MachineBlock b) {
    return idom[b.id()] >= 0;
  }

  /** True if every path from the entry to {@code b} passes through {@code a} (a dominates a). */
  public boolean dominates(MachineBlock a, MachineBlock b) {
    if (!isReachable(a) || !isReachable(b)) {
      return false;
    }
    return entry[a.id()] <= entry[b.id()] && exit[b.id()] <= exit[a.id()];
  }

  /** The blocks {@code b} immediately dominates, in reverse post-order. */
  public List<MachineBlock> children(MachineBlock b) {
    return Collections.unmodifiableList(children.get(b.id()));
  }

  /** The reachable blocks in reverse post-order. */
  public List<MachineBlock> reversePostOrder() {
    return rpo;
  }
}
