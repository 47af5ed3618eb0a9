package dev.jptx.compiler.graph;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The functions on a cycle of a call graph, given as each function's callees: those that can call
 * themselves, directly or through others. The inliner leaves them alone; the PTX printer calls them
 * indirectly.
 */
public final class CallCycles {
  private CallCycles() {}

  /**
   * The functions of {@code calls} from which a path of one call or more leads back to themselves.
   * Callees that are not keys (declared elsewhere) call nothing.
   */
  public static Set<String> onCycles(Map<String, ? extends Collection<String>> calls) {
    Set<String> out = new HashSet<>();
    for (String f : calls.keySet()) {
      Set<String> seen = new HashSet<>();
      Deque<String> work = new ArrayDeque<>(calls.get(f));
      while (!work.isEmpty()) {
        String g = work.pop();
        if (seen.add(g)) {
          Collection<String> next = calls.get(g);
          if (next != null) {
            work.addAll(next);
          }
        }
      }
      if (seen.contains(f)) {
        out.add(f);
      }
    }
    return out;
  }
}
