package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.target.PipelineClass;
import java.util.ArrayList;
import java.util.List;

/**
 * The data-dependence graph of a loop body (seed: MachinePipeliner, "addDependencies"): one node
 * per instruction between the PHIs and the branches, and edges that say node {@code to} of
 * iteration {@code t + distance} may issue no earlier than {@code latency} cycles after node {@code
 * from} of iteration {@code t}. {@link DependenceGraphBuilder} builds it; the scheduler reads it.
 */
public final class DependenceGraph {
  /** What an edge orders. */
  public enum Kind {
    /** A register written, then read. */
    DATA,
    /** Two memory accesses, one of them a write. */
    ORDER,
    /** An artificial edge of the CopyToPhi mutation. */
    ARTIFICIAL
  }

  /** One dependence. */
  public record Edge(int from, int to, int latency, int distance, Kind kind) {}

  private final List<MachineInstr> instrs;
  private final int first;
  private final List<PipelineClass> classes = new ArrayList<>();
  private final List<Edge> edges = new ArrayList<>();
  private final List<List<Edge>> succs = new ArrayList<>();
  private final List<List<Edge>> preds = new ArrayList<>();

  /**
   * An empty graph over {@code instrs}, the body's instructions from {@code first} (the first after
   * the PHIs), one node each.
   */
  DependenceGraph(List<MachineInstr> instrs, int first) {
    this.instrs = List.copyOf(instrs);
    this.first = first;
    for (MachineInstr mi : instrs) {
      classes.add(PipelineClass.of(mi.opcode()));
      succs.add(new ArrayList<>());
      preds.add(new ArrayList<>());
    }
  }

  /** A graph built edge by edge (tests of the scheduler on small graphs). */
  public static DependenceGraph of(List<MachineInstr> instrs) {
    return new DependenceGraph(instrs, 0);
  }

  /** Adds an edge unless the same one is there. */
  public void add(Edge e) {
    for (Edge o : succs.get(e.from())) {
      if (o.to() == e.to() && o.distance() == e.distance() && o.latency() >= e.latency()) {
        return;
      }
    }
    edges.add(e);
    succs.get(e.from()).add(e);
    preds.get(e.to()).add(e);
  }

  /** The number of nodes. */
  public int size() {
    return instrs.size();
  }

  /** The instruction of node {@code n}. */
  public MachineInstr instr(int n) {
    return instrs.get(n);
  }

  /** The index in the body's instructions of node {@code n}. */
  public int bodyIndex(int n) {
    return first + n;
  }

  /** The latency and resource class of node {@code n}. */
  public PipelineClass pipelineClass(int n) {
    return classes.get(n);
  }

  /** Every edge, in the order added. */
  public List<Edge> edges() {
    return List.copyOf(edges);
  }

  /** The edges out of node {@code n}. */
  public List<Edge> succs(int n) {
    return succs.get(n);
  }

  /** The edges into node {@code n}. */
  public List<Edge> preds(int n) {
    return preds.get(n);
  }
}
