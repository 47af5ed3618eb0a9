package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import java.util.function.BiPredicate;

/**
 * Applies a loop transformation innermost loop first until no loop changes. Loops are found afresh
 * after every change, since a transformation adds or removes blocks (a new preheader, a removed
 * header) and so changes the loops around it.
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
      for (LoopInfo.Loop loop : LoopInfo.of(f).innermostFirst()) {
        if (transform.test(f, loop)) {
          again = true;
          changed = true;
          break;
        }
      }
    }
    return changed;
  }
}
