package dev.jptx.compiler.ir;

import dev.jptx.compiler.graph.Dominators;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Immediate dominators of the reachable blocks ({@link Dominators}: Cooper, Harvey and Kennedy's
 * iterative algorithm on the blocks numbered in reverse post-order). Also gives each block's
 * children in the tree (in reverse post-order) and the reverse post-order itself. A snapshot of the
 * CFG as it was; recompute it after changing terminators. Unreachable blocks are not in the tree.
 */
public final class DominatorTree {
  private final Map<Block, Block> idom = new HashMap<>();
  private final Map<Block, Integer> order = new HashMap<>();
  private final Map<Block, List<Block>> children = new HashMap<>();
  private final int[] entry;
  private final int[] exit;
  private final List<Block> rpo;

  private DominatorTree(Cfg cfg) {
    rpo = cfg.reversePostOrder();
    for (int i = 0; i < rpo.size(); i++) {
      order.put(rpo.get(i), i);
    }
    // the blocks numbered by reverse post-order, for the shared algorithm
    List<int[]> preds = new ArrayList<>();
    int[] numbering = new int[rpo.size()];
    for (int i = 0; i < rpo.size(); i++) {
      numbering[i] = i;
      preds.add(
          cfg.predecessors(rpo.get(i)).stream()
              .filter(order::containsKey)
              .mapToInt(order::get)
              .toArray());
    }
    int[] idoms = Dominators.immediateDominators(numbering, preds);
    int[][] intervals = Dominators.intervals(numbering, idoms, rpo.size());
    entry = intervals[0];
    exit = intervals[1];
    for (int i = 0; i < rpo.size(); i++) {
      idom.put(rpo.get(i), rpo.get(idoms[i]));
      children.put(rpo.get(i), new ArrayList<>());
    }
    for (Block b : rpo.subList(1, rpo.size())) {
      children.get(idom.get(b)).add(b);
    }
  }

  /** The dominator tree of {@code f}'s reachable blocks. */
  public static DominatorTree of(Function f) {
    return new DominatorTree(Cfg.of(f));
  }

  /** The dominator tree, reusing a computed CFG. */
  public static DominatorTree of(Function f, Cfg cfg) {
    return new DominatorTree(cfg);
  }

  /** The immediate dominator; the entry is its own. Null for unreachable blocks. */
  public Block idom(Block b) {
    return idom.get(b);
  }

  /** The entry block, the root of the tree. */
  public Block root() {
    return rpo.get(0);
  }

  /** The blocks {@code b} immediately dominates, in reverse post-order; empty if unreachable. */
  public List<Block> children(Block b) {
    return Collections.unmodifiableList(children.getOrDefault(b, List.of()));
  }

  /** The reachable blocks in reverse post-order: each after its dominators. */
  public List<Block> reversePostOrder() {
    return rpo;
  }

  /** True if {@code b} is reachable from the entry (and so in the tree). */
  public boolean isReachable(Block b) {
    return idom.containsKey(b);
  }

  /** True if every path from the entry to {@code b} passes {@code a} (reflexive). */
  public boolean dominates(Block a, Block b) {
    Integer x = order.get(a);
    Integer y = order.get(b);
    return x != null && y != null && entry[x] <= entry[y] && exit[y] <= exit[x];
  }

  /** True if {@code a} dominates {@code b} and is not {@code b}. */
  public boolean strictlyDominates(Block a, Block b) {
    return !a.equals(b) && dominates(a, b);
  }
}
