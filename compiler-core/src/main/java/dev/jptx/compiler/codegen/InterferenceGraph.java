package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which virtual registers may not share a name: two registers interfere when one is defined where
 * the other is live (Chaitin). A copy's result does not interfere with its source there, since both
 * hold the same value; the results of one instruction interfere with each other.
 */
public final class InterferenceGraph {
  private final Map<Integer, Set<Integer>> edges = new HashMap<>();

  private InterferenceGraph() {}

  /** The graph of {@code f}, with {@code liveness} its liveness. */
  public static InterferenceGraph of(MachineFunction f, Liveness liveness) {
    InterferenceGraph g = new InterferenceGraph();
    for (MachineBlock b : f.blocks()) {
      BitSet live = (BitSet) liveness.liveOut(b).clone();
      List<MachineInstr> is = b.instrs();
      for (int k = is.size() - 1; k >= 0; k--) {
        MachineInstr i = is.get(k);
        VReg copySource = CopyInstrs.source(f, i);
        for (VReg d : i.defs()) {
          for (int l = live.nextSetBit(0); l >= 0; l = live.nextSetBit(l + 1)) {
            if (l != d.id() && (copySource == null || l != copySource.id())) {
              g.add(d.id(), l);
            }
          }
          for (VReg other : i.defs()) {
            if (!other.equals(d)) {
              g.add(d.id(), other.id());
            }
          }
        }
        Liveness.stepBackward(i, live, null);
      }
    }
    return g;
  }

  private void add(int a, int b) {
    edges.computeIfAbsent(a, k -> new HashSet<>()).add(b);
    edges.computeIfAbsent(b, k -> new HashSet<>()).add(a);
  }

  /** True if {@code a} and {@code b} interfere. */
  public boolean interfere(int a, int b) {
    return edges.getOrDefault(a, Set.of()).contains(b);
  }

  /** The registers {@code r} interferes with, in increasing order. */
  public java.util.SortedSet<Integer> neighbors(int r) {
    return new java.util.TreeSet<>(edges.getOrDefault(r, Set.of()));
  }

  /** Makes {@code from}'s interferences {@code into}'s as well and drops {@code from}. */
  public void merge(int from, int into) {
    Set<Integer> fromEdges = edges.remove(from);
    if (fromEdges == null) {
      return;
    }
    for (int n : fromEdges) {
      Set<Integer> ns = edges.get(n);
      ns.remove(from);
      if (n != into) {
        ns.add(into);
        edges.computeIfAbsent(into, k -> new HashSet<>()).add(n);
      }
    }
  }
}
