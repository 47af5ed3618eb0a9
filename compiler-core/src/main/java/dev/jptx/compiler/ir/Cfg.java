package dev.jptx.compiler.ir;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The control-flow graph of a function as it is now: predecessors and a reverse post-order of the
 * blocks reachable from the entry. A snapshot; recompute it after changing terminators.
 */
public final class Cfg {
  private final Map<Block, List<Block>> preds = new HashMap<>();
  private final List<Block> reversePostOrder;
  private final Set<Block> reachable;

  private Cfg(Function f) {
    for (Block b : f.blocks()) {
      preds.putIfAbsent(b, new ArrayList<>());
      for (Block s : new LinkedHashSet<>(f.successors(b))) {
        preds.computeIfAbsent(s, k -> new ArrayList<>()).add(b);
      }
    }
    reversePostOrder = computeRpo(f);
    reachable = new HashSet<>(reversePostOrder);
  }

  /** The control-flow graph of {@code f}. */
  public static Cfg of(Function f) {
    return new Cfg(f);
  }

  /** The distinct predecessors of {@code b}, in layout order of their terminators. */
  public List<Block> predecessors(Block b) {
    return preds.getOrDefault(b, List.of());
  }

  /** The reachable blocks, each before its successors except along back edges. */
  public List<Block> reversePostOrder() {
    return reversePostOrder;
  }

  /** True if {@code b} is reachable from the entry. */
  public boolean isReachable(Block b) {
    return reachable.contains(b);
  }

  private static List<Block> computeRpo(Function f) {
    List<Block> post = new ArrayList<>();
    Set<Block> seen = new HashSet<>();
    Deque<Block> stack = new ArrayDeque<>();
    Deque<Integer> next = new ArrayDeque<>();
    Block entry = f.entry();
    seen.add(entry);
    stack.push(entry);
    next.push(0);
    while (!stack.isEmpty()) {
      Block b = stack.peek();
      int i = next.pop();
      List<Block> succs = f.successors(b);
      if (i < succs.size()) {
        next.push(i + 1);
        Block s = succs.get(i);
        if (seen.add(s)) {
          stack.push(s);
          next.push(0);
        }
      } else {
        stack.pop();
        post.add(b);
      }
    }
    java.util.Collections.reverse(post);
    return List.copyOf(post);
  }
}
