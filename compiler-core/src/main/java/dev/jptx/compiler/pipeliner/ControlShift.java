package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.pipeliner.DependenceGraph.Edge;
import java.util.List;

/**
 * Moves the loop-control slice of a placed schedule into stage 0, as the code generators need (the
 * kernel's branch tests whether the newest iteration in flight has a successor). A control node
 * moves earlier by whole IIs, which keeps its slot in the reservation table, as far as its
 * predecessors allow; moving a node earlier only relaxes the dependences on its successors. First
 * no node goes below the rest of the schedule's first cycle; if that is not enough, up to one II
 * below it and then two (the schedule then starts earlier).
 */
final class ControlShift {
  private ControlShift() {}

  /**
   * Shifts the control nodes of {@code cycles} (normalised) in place; true if they all end in stage
   * 0, the cycles normalised again.
   */
  static boolean intoFirstStage(DependenceGraph g, PipelineLoop loop, int[] cycles, int ii) {
    boolean[] control = new boolean[g.size()];
    int floor = Integer.MAX_VALUE;
    for (int n = 0; n < g.size(); n++) {
      control[n] = loop.control().contains(g.bodyIndex(n));
      if (!control[n]) {
        floor = Math.min(floor, cycles[n]);
      }
    }
    if (floor == Integer.MAX_VALUE) {
      floor = 0;
    }
    List<Integer> topo = NodeOrder.topologicalOrder(g);
    for (int k = 0; k < 3 && !shift(g, topo, control, cycles, ii, floor - k * ii); k++) {
      // each round lets the control slice start one II earlier than the rest
    }
    int first = Integer.MAX_VALUE;
    for (int c : cycles) {
      first = Math.min(first, c);
    }
    boolean ok = true;
    for (int n = 0; n < g.size(); n++) {
      cycles[n] -= first;
      ok &= !control[n] || cycles[n] < ii;
    }
    return ok;
  }

  /** Moves each control node to the earliest cycle its slot allows at or above {@code floor}. */
  private static boolean shift(
      DependenceGraph g, List<Integer> topo, boolean[] control, int[] cycles, int ii, int floor) {
    boolean ok = true;
    for (int v : topo) {
      if (!control[v]) {
        continue;
      }
      long early = floor;
      for (Edge e : g.preds(v)) {
        if (e.from() != v) {
          early = Math.max(early, (long) cycles[e.from()] + e.latency() - (long) ii * e.distance());
        }
      }
      if (early < cycles[v]) {
        cycles[v] -= (int) ((cycles[v] - early) / ii) * ii;
      }
      ok &= cycles[v] < floor + ii;
    }
    return ok;
  }
}
