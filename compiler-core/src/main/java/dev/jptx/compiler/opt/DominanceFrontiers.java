package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Dominance frontiers of the reachable blocks and the iterated frontier of a set of blocks (seed:
 * Cooper, Harvey and Kennedy, "A Simple, Fast Dominance Algorithm", figure 5; Cytron et al. for the
 * iterated frontier). For each join block {@code b}, each predecessor's dominator-tree path up to
 * {@code idom(b)} has {@code b} in its frontier. Unreachable blocks have empty frontiers and add
 * nothing. A snapshot: recompute after changing the CFG.
 */
final class DominanceFrontiers {
  private final Map<Block, Set<Block>> frontier = new HashMap<>();

  private DominanceFrontiers() {}

  /** The frontiers of {@code f}'s blocks under {@code cfg} and {@code dom}. */
  static DominanceFrontiers of(Function f, Cfg cfg, DominatorTree dom) {
    DominanceFrontiers df = new DominanceFrontiers();
    for (Block b : dom.reversePostOrder()) {
      var preds = cfg.predecessors(b).stream().filter(dom::isReachable).toList();
      if (preds.size() < 2) {
        continue;
      }
      for (Block p : preds) {
        Block runner = p;
        while (!runner.equals(dom.idom(b))) {
          df.frontier.computeIfAbsent(runner, k -> new LinkedHashSet<>()).add(b);
          runner = dom.idom(runner);
        }
      }
    }
    return df;
  }

  /** The dominance frontier of {@code b}. */
  Set<Block> of(Block b) {
    return frontier.getOrDefault(b, Set.of());
  }

  /** The iterated dominance frontier of {@code blocks}: where their definitions need phis. */
  Set<Block> iterated(Set<Block> blocks) {
    Set<Block> result = new LinkedHashSet<>();
    Deque<Block> work = new ArrayDeque<>(blocks);
    Set<Block> queued = new LinkedHashSet<>(blocks);
    while (!work.isEmpty()) {
      for (Block y : of(work.pop())) {
        if (result.add(y) && queued.add(y)) {
          work.push(y);
        }
      }
    }
    return result;
  }
}
