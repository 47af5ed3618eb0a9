package dev.jptx.compiler.graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The nodes of a directed graph that lie on a cycle: those in a strongly connected component of
 * more than one node, or with an edge to themselves. Tarjan's algorithm with an explicit stack, so
 * the cost is one walk of the graph (asking each node whether a path leads back to it took a walk
 * per node) and no graph is deep enough to overflow the Java stack.
 */
public final class Cycles {
  private Cycles() {}

  /**
   * The nodes of {@code successors} (each node's successors) from which a path of one edge or more
   * leads back to themselves. Successors that are not keys have no successors of their own.
   */
  public static <T> Set<T> onCycles(Map<T, ? extends Collection<T>> successors) {
    Map<T, Integer> index = new HashMap<>();
    Map<T, Integer> low = new HashMap<>();
    Deque<T> stack = new ArrayDeque<>();
    Set<T> onStack = new HashSet<>();
    Set<T> out = new HashSet<>();
    for (T root : successors.keySet()) {
      if (index.containsKey(root)) {
        continue;
      }
      Deque<Map.Entry<T, Iterator<T>>> dfs = new ArrayDeque<>();
      enter(root, successors, index, low, stack, onStack, dfs);
      while (!dfs.isEmpty()) {
        T v = dfs.peek().getKey();
        Iterator<T> next = dfs.peek().getValue();
        if (next.hasNext()) {
          T w = next.next();
          if (!index.containsKey(w)) {
            enter(w, successors, index, low, stack, onStack, dfs);
          } else if (onStack.contains(w)) {
            low.put(v, Math.min(low.get(v), index.get(w)));
          }
          continue;
        }
        dfs.pop();
        if (!dfs.isEmpty()) {
          T parent = dfs.peek().getKey();
          low.put(parent, Math.min(low.get(parent), low.get(v)));
        }
        if (low.get(v).equals(index.get(v))) {
          List<T> component = new ArrayList<>();
          T w;
          do {
            w = stack.pop();
            onStack.remove(w);
            component.add(w);
          } while (!w.equals(v));
          Collection<T> fromV = successors.get(v);
          if (component.size() > 1 || fromV != null && fromV.contains(v)) {
            out.addAll(component);
          }
        }
      }
    }
    return out;
  }

  private static <T> void enter(
      T v,
      Map<T, ? extends Collection<T>> successors,
      Map<T, Integer> index,
      Map<T, Integer> low,
      Deque<T> stack,
      Set<T> onStack,
      Deque<Map.Entry<T, Iterator<T>>> dfs) {
    index.put(v, index.size());
    low.put(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    Collection<T> next = successors.get(v);
    dfs.push(Map.entry(v, next == null ? List.<T>of().iterator() : next.iterator()));
  }
}
