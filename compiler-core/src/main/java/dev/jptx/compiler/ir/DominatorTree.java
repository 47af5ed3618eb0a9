package dev.jptx.compiler.ir;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Immediate dominators of the reachable blocks, by the iterative algorithm of Cooper, Harvey and
 * Kennedy ("A Simple, Fast Dominance Algorithm"), which is fast on the small CFGs kernels have.
 */
public final class DominatorTree {
  private final Map<Block, Block> idom = new HashMap<>();
  private final Map<Block, Integer> order = new HashMap<>();

  private DominatorTree(Function f, Cfg cfg) {
    List<Block> rpo = cfg.reversePostOrder();
    for (int i = 0; i < rpo.size(); i++) {
      order.put(rpo.get(i), i);
    }
    Block entry = rpo.get(0);
    idom.put(entry, entry);
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Block b : rpo.subList(1, rpo.size())) {
        Block newIdom = null;
        for (Block p : cfg.predecessors(b)) {
          if (idom.containsKey(p)) {
            newIdom = newIdom == null ? p : intersect(p, newIdom);
          }
        }
        if (newIdom != null && !newIdom.equals(idom.get(b))) {
          idom.put(b, newIdom);
          changed = true;
        }
      }
    }
  }

  /** The dominator tree of {@code f}'s reachable blocks. */
  public static DominatorTree of(Function f) {
    return new DominatorTree(f, Cfg.of(f));
  }

  /** The dominator tree, reusing a computed CFG. */
  public static DominatorTree of(Function f, Cfg cfg) {
    return new DominatorTree(f, cfg);
  }

  private Block intersect(Block a, Block b) {
    while (!a.equals(b)) {
      while (order.get(a) > order.get(b)) {
        a = idom.get(a);
      }
      while (order.get(b) > order.get(a)) {
        b = idom.get(b);
      }
    }
    return a;
  }

  /** The immediate dominator; the entry is its own. Null for unreachable blocks. */
  public Block idom(Block b) {
    return idom.get(b);
  }

  /** True if every path from the entry to {@code b} passes {@code a} (reflexive). */
  public boolean dominates(Block a, Block b) {
    if (!idom.containsKey(a) || !idom.containsKey(b)) {
      return false;
    }
    Block x = b;
    while (true) {
      if (x.equals(a)) {
        return true;
      }
      Block up = idom.get(x);
      if (up.equals(x)) {
        return false;
      }
      x = up;
    }
  }
}
