package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import java.util.HashSet;
import java.util.Set;

/**
 * The walk the unrolling passes share: each loop innermost when the pass starts is tried once,
 * innermost first, and the loop forest is computed again after every loop transformed (the CFG
 * around it changed). Loops a transformation adds (a remainder loop) and loops that become
 * innermost on the way (an outer loop whose inner one was unrolled) are not tried: of two nested
 * loops one run transforms only the inner one.
 */
final class InnermostLoops {
  /** A transformation of one loop. */
  @FunctionalInterface
  interface Transform {
    /**
     * Transforms {@code loop} and returns true, or leaves {@code f} as it was and returns false.
     */
    boolean apply(Function f, LoopInfo.Loop loop);
  }

  private InnermostLoops() {}

  /** Tries {@code t} on each loop as the class comment says; true if it transformed any. */
  static boolean transformEach(Function f, Transform t) {
    if (f.blocks().isEmpty()) {
      return false;
    }
    Set<Block> candidates = new HashSet<>();
    for (LoopInfo.Loop l : LoopInfo.of(f).loops()) {
      if (l.children().isEmpty()) {
        candidates.add(l.header());
      }
    }
    boolean changed = false;
    Set<Block> tried = new HashSet<>();
    boolean again = true;
    while (again) {
      again = false;
      for (LoopInfo.Loop l : LoopInfo.of(f).innermostFirst()) {
        if (l.children().isEmpty()
            && candidates.contains(l.header())
            && tried.add(l.header())
            && t.apply(f, l)) {
          changed = true;
          again = true;
          break;
        }
      }
    }
    return changed;
  }
}
