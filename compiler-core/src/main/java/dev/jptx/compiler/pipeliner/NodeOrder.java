package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.pipeliner.DependenceGraph.Edge;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The swing node order (Llosa, Gonzalez, Ayguade, Valero, "Swing Modulo Scheduling: A
 * Lifetime-Sensitive Approach", PACT 1996; LLVM's SwingSchedulerDAG::computeNodeOrder). Nodes come
 * in sets: each recurrence, the largest RecMII first (sets sharing nodes keep only the new ones),
 * each joined by the nodes on paths between it and the sets before it, then one set of the rest.
 * Within a set the order sweeps: bottom-up from the nodes whose successors are already ordered,
 * taking the deepest first (ties: least mobility, then the lower node), then top-down from the
 * nodes whose predecessors are, taking the tallest first, and so on until the set is done. A set
 * unconnected to what is ordered starts bottom-up from its node of greatest ASAP. Only dependences
 * within the iteration count here, as in LLVM.
 */
final class NodeOrder {
  private final DependenceGraph g;
  private final int[] asap;
  private final int[] alap;
  private final int[] height;

  private NodeOrder(DependenceGraph g) {
    this.g = g;
    int n = g.size();
    asap = new int[n];
    alap = new int[n];
    height = new int[n];
    List<Integer> topo = topologicalOrder(g);
    for (int v : topo) {
      for (Edge e : g.preds(v)) {
        if (e.distance() == 0) {
          asap[v] = Math.max(asap[v], asap[e.from()] + e.latency());
        }
      }
    }
    int length = 0;
    for (int v = 0; v < n; v++) {
      length = Math.max(length, asap[v]);
    }
    for (int k = topo.size() - 1; k >= 0; k--) {
      int v = topo.get(k);
      alap[v] = length;
      for (Edge e : g.succs(v)) {
        if (e.distance() == 0) {
          alap[v] = Math.min(alap[v], alap[e.to()] - e.latency());
          height[v] = Math.max(height[v], height[e.to()] + e.latency());
        }
      }
    }
  }

  /** The nodes in an order where every dependence within the iteration points forward. */
  static List<Integer> topologicalOrder(DependenceGraph g) {
    int[] waiting = new int[g.size()];
    for (Edge e : g.edges()) {
      if (e.distance() == 0) {
        waiting[e.to()]++;
      }
    }
    List<Integer> out = new ArrayList<>();
    java.util.PriorityQueue<Integer> ready = new java.util.PriorityQueue<>();
    for (int v = 0; v < g.size(); v++) {
      if (waiting[v] == 0) {
        ready.add(v);
      }
    }
    while (!ready.isEmpty()) {
      int v = ready.poll();
      out.add(v);
      for (Edge e : g.succs(v)) {
        if (e.distance() == 0 && --waiting[e.to()] == 0) {
          ready.add(e.to());
        }
      }
    }
    if (out.size() != g.size()) {
      throw new IllegalStateException("dependences within one iteration form a cycle");
    }
    return out;
  }

  /** ASAP of each node over the dependences within the iteration (the depth). */
  static int[] asap(DependenceGraph g) {
    return new NodeOrder(g).asap.clone();
  }

  /** The order in which the scheduler places the nodes of {@code g}. */
  static List<Integer> of(DependenceGraph g, List<Recurrences.Circuit> circuits) {
    return new NodeOrder(g).order(sets(g, circuits));
  }

  /** The node sets: recurrences by falling RecMII, then the rest. */
  static List<BitSet> sets(DependenceGraph g, List<Recurrences.Circuit> circuits) {
    List<Recurrences.Circuit> sorted = new ArrayList<>(circuits);
    sorted.sort(
        Comparator.comparingInt((Recurrences.Circuit c) -> -c.recMii())
            .thenComparingInt(c -> -c.nodes().cardinality())
            .thenComparingInt(c -> c.nodes().nextSetBit(0)));
    Map<BitSet, Boolean> unique = new LinkedHashMap<>();
    BitSet taken = new BitSet();
    for (Recurrences.Circuit c : sorted) {
      BitSet s = (BitSet) c.nodes().clone();
      s.andNot(taken);
      if (!s.isEmpty()) {
        unique.put(s, true);
        taken.or(s);
      }
    }
    List<BitSet> out = new ArrayList<>(unique.keySet());
    joinPaths(g, out, taken);
    BitSet rest = new BitSet();
    rest.set(0, g.size());
    rest.andNot(taken);
    if (!rest.isEmpty()) {
      out.add(rest);
    }
    return out;
  }

  /**
   * LLVM's groupRemainingNodes: the nodes on a path within the iteration between a set and the sets
   * before it, in either direction, join that set (and leave the later ones). Otherwise the order
   * reaches a recurrence fed from an earlier set through nodes of no set before those nodes: the
   * scheduler places the recurrence at its ASAP, blind to where the earlier set went, and the nodes
   * between find no cycle at any II (found by the differential fuzzer: a running {@code fma} over
   * an element loaded in a loop that also stores to the array).
   */
  private static void joinPaths(DependenceGraph g, List<BitSet> sets, BitSet taken) {
    BitSet before = new BitSet();
    for (BitSet set : sets) {
      if (!before.isEmpty()) {
        BitSet path = between(g, set, before);
        path.or(between(g, before, set));
        path.andNot(before);
        path.andNot(set);
        for (BitSet later : sets) {
          later.andNot(path);
        }
        set.or(path);
        taken.or(path);
      }
      before.or(set);
    }
    sets.removeIf(BitSet::isEmpty);
  }

  /** The nodes on a path within the iteration from a node of {@code from} to one of {@code to}. */
  private static BitSet between(DependenceGraph g, BitSet from, BitSet to) {
    BitSet down = reach(g, from, true);
    down.and(reach(g, to, false));
    return down;
  }

  /** The nodes reachable from {@code start} within the iteration, forward or backward. */
  private static BitSet reach(DependenceGraph g, BitSet start, boolean forward) {
    BitSet seen = (BitSet) start.clone();
    java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>();
    start.stream().forEach(work::add);
    while (!work.isEmpty()) {
      int v = work.pop();
      for (Edge e : forward ? g.succs(v) : g.preds(v)) {
        int w = forward ? e.to() : e.from();
        if (e.distance() == 0 && !seen.get(w)) {
          seen.set(w);
          work.add(w);
        }
      }
    }
    return seen;
  }

  private List<Integer> order(List<BitSet> sets) {
    List<Integer> order = new ArrayList<>();
    BitSet ordered = new BitSet();
    for (BitSet set : sets) {
      BitSet left = (BitSet) set.clone();
      left.andNot(ordered);
      while (!left.isEmpty()) {
        BitSet r = neighbours(ordered, set, false);
        boolean bottomUp = true;
        if (r.isEmpty()) {
          r = neighbours(ordered, set, true);
          bottomUp = r.isEmpty();
          if (r.isEmpty()) {
            r.set(pick(left, (a, b) -> Integer.compare(asap[a], asap[b])));
          }
        }
        while (!r.isEmpty()) {
          sweep(r, set, ordered, order, bottomUp);
          bottomUp = !bottomUp;
          r = neighbours(ordered, set, !bottomUp);
        }
        left.andNot(ordered);
      }
    }
    return order;
  }

  private void sweep(BitSet r, BitSet set, BitSet ordered, List<Integer> order, boolean bottomUp) {
    Comparator<Integer> key =
        bottomUp
            ? (a, b) -> Integer.compare(asap[a], asap[b])
            : (a, b) -> Integer.compare(height[a], height[b]);
    while (!r.isEmpty()) {
      int v =
          pick(
              r,
              key.thenComparing((a, b) -> Integer.compare(alap[b] - asap[b], alap[a] - asap[a])));
      r.clear(v);
      ordered.set(v);
      order.add(v);
      for (Edge e : bottomUp ? g.preds(v) : g.succs(v)) {
        int w = bottomUp ? e.from() : e.to();
        if (e.distance() == 0 && set.get(w) && !ordered.get(w)) {
          r.set(w);
        }
      }
    }
  }

  /**
   * The nodes of {@code set} not yet ordered that are predecessors ({@code succs} false: for a
   * bottom-up sweep) or successors of ordered nodes.
   */
  private BitSet neighbours(BitSet ordered, BitSet set, boolean succs) {
    BitSet r = new BitSet();
    for (int v = ordered.nextSetBit(0); v >= 0; v = ordered.nextSetBit(v + 1)) {
      for (Edge e : succs ? g.succs(v) : g.preds(v)) {
        int w = succs ? e.to() : e.from();
        if (e.distance() == 0 && set.get(w) && !ordered.get(w)) {
          r.set(w);
        }
      }
    }
    return r;
  }

  /** The greatest node of {@code r} by {@code key}; the lowest-numbered among equals. */
  private static int pick(BitSet r, Comparator<Integer> key) {
    int best = -1;
    for (int v = r.nextSetBit(0); v >= 0; v = r.nextSetBit(v + 1)) {
      if (best < 0 || key.compare(v, best) > 0) {
        best = v;
      }
    }
    return best;
  }
}
