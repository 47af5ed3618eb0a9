package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.pipeliner.DependenceGraph.Edge;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The recurrences of a dependence graph and RecMII (seed: MachinePipeliner, "computeRecMII"): the
 * elementary circuits, found by a depth-first search from each node through nodes numbered above it
 * (each circuit once, from its lowest node), and for each the bound {@code ceil(latency /
 * distance)} its dependences put on the II. The search visits at most {@link #STEP_LIMIT} edges, so
 * that a dense graph cannot take exponential time; beyond it the analysis gives up.
 */
final class Recurrences {
  /** Edges the circuit search may visit before giving up. */
  static final int STEP_LIMIT = 200_000;

  /** One circuit: its nodes and the II it needs. */
  record Circuit(BitSet nodes, int recMii) {}

  private final DependenceGraph g;
  private final List<Circuit> circuits = new ArrayList<>();
  private final List<Edge> path = new ArrayList<>();
  private final BitSet onPath = new BitSet();
  private int steps;

  private Recurrences(DependenceGraph g) {
    this.g = g;
  }

  /** The circuits of {@code g}, or null if the search ran past its limit. */
  static List<Circuit> of(DependenceGraph g) {
    Recurrences r = new Recurrences(g);
    for (int s = 0; s < g.size(); s++) {
      if (!r.search(s, s)) {
        return null;
      }
    }
    return r.circuits;
  }

  /** RecMII: the largest bound of a circuit, 0 without circuits. */
  static int recMii(List<Circuit> circuits) {
    int m = 0;
    for (Circuit c : circuits) {
      m = Math.max(m, c.recMii());
    }
    return m;
  }

  private boolean search(int start, int n) {
    onPath.set(n);
    for (Edge e : g.succs(n)) {
      if (++steps > STEP_LIMIT) {
        return false;
      }
      path.add(e);
      if (e.to() == start) {
        record(path);
      } else if (e.to() > start && !onPath.get(e.to()) && !search(start, e.to())) {
        return false;
      }
      path.remove(path.size() - 1);
    }
    onPath.clear(n);
    return true;
  }

  private void record(List<Edge> edges) {
    int latency = 0;
    int distance = 0;
    BitSet nodes = new BitSet();
    for (Edge e : edges) {
      latency += e.latency();
      distance += e.distance();
      nodes.set(e.from());
    }
    if (distance > 0) {
      circuits.add(new Circuit(nodes, (latency + distance - 1) / distance));
    }
  }
}
