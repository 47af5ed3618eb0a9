package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import java.util.ArrayList;
import java.util.List;
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

  /** Runs {@code transform} (true if it changed the loop) over {@code f}'s loops; true if any. */
  static boolean run(Function f, BiPredicate<Function, LoopInfo.Loop> transform) {
    if (f.blocks().isEmpty()) {
      return false;
    }
    boolean changed = false;
    boolean again = true;
    while (again) {
      again = false;
      List<LoopInfo.Loop> transformed = new ArrayList<>();
      for (LoopInfo.Loop loop : LoopInfo.of(f).innermostFirst()) {
        if (transformed.stream().anyMatch(t -> loop.contains(t.header()))) {
          again = true; // around a changed loop: its blocks are stale, next sweep
          continue;
        }
        if (transform.test(f, loop)) {
          transformed.add(loop);
          again = true;
          changed = true;
        }
      }
    }
    return changed;
  }
}
