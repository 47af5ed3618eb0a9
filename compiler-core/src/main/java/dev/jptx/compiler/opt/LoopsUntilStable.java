package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * Applies a loop transformation innermost loop first until no loop changes. A transformation adds
 * or removes blocks (a new preheader, a removed header) inside the loops around the one it changed,
 * so those loops' snapshots go stale; every other loop keeps its blocks. A sweep therefore goes on
 * past a change, skipping only the loops around a changed one, and the loops are found afresh for
 * the next sweep (finding them after every change made functions with many loops quadratic).
 */
final class LoopsUntilStable {
  private LoopsUntilStable() {}

  /** A transformation that reads the sweep's CFG analyses instead of computing its own. */
  interface SweepTransform {
    /** Transforms {@code loop}; true if it changed it. */
    boolean apply(Function f, LoopInfo.Loop loop, Sweep sweep);
  }

  /**
   * The CFG and dominator tree as they were when the sweep began. A transformation that keeps them
   * valid for the blocks of every loop not around the ones it changed may read them: one that
   * removes a block whose two predecessors' edges it redirects to the block's two successors, and
   * adds blocks on such edges, changes no predecessor count and no dominance among the other blocks
   * (every path of the new CFG is a path of the old with the removed block put back, and the
   * reverse). A block it adds reads as its {@linkplain #addBlock stand-in}.
   */
  static final class Sweep {
    private final Cfg cfg;
    private final DominatorTree dom;
    private final Map<Block, Block> standIns = new HashMap<>();

    private Sweep(Cfg cfg, DominatorTree dom) {
      this.cfg = cfg;
      this.dom = dom;
    }

    /** How many distinct predecessors {@code b} had when the sweep began. */
    int predecessorCount(Block b) {
      return cfg.predecessors(b).size();
    }

    /**
     * True if {@code a} dominates {@code b}, each block added in the sweep read as its stand-in.
     */
    boolean dominates(Block a, Block b) {
      return dom.dominates(standIns.getOrDefault(a, a), standIns.getOrDefault(b, b));
    }

    /** Records a block made in the sweep, dominated exactly as {@code standIn}, its only entry. */
    void addBlock(Block added, Block standIn) {
      standIns.put(added, standIns.getOrDefault(standIn, standIn));
    }
  }

  /** Runs {@code transform} (true if it changed the loop) over {@code f}'s loops; true if any. */
  static boolean run(Function f, BiPredicate<Function, LoopInfo.Loop> transform) {
    return run(f, (g, loop, sweep) -> transform.test(g, loop));
  }

  /** Runs {@code transform} over {@code f}'s loops, giving it each sweep's CFG analyses. */
  static boolean run(Function f, SweepTransform transform) {
    if (f.blocks().isEmpty()) {
      return false;
    }
    boolean changed = false;
    boolean again = true;
    while (again) {
      again = false;
      Cfg cfg = Cfg.of(f);
      DominatorTree dom = DominatorTree.of(f, cfg);
      Sweep sweep = new Sweep(cfg, dom);
      // the loops around a changed one, marked up the parent chain: asking every loop whether it
      // holds a changed header made the sweep quadratic in the number of loops
      Set<LoopInfo.Loop> stale = Collections.newSetFromMap(new IdentityHashMap<>());
      for (LoopInfo.Loop loop : LoopInfo.of(f, cfg, dom).innermostFirst()) {
        if (stale.contains(loop)) {
          again = true; // around a changed loop: its blocks are stale, next sweep
          continue;
        }
        if (transform.apply(f, loop, sweep)) {
          LoopInfo.Loop around = loop.parent();
          while (around != null && stale.add(around)) {
            around = around.parent();
          }
          again = true;
          changed = true;
        }
      }
    }
    return changed;
  }
}
