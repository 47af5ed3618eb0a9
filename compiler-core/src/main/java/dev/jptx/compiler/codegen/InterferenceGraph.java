package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Which virtual registers may not share a name: two registers interfere when one is defined where
 * the other is live (Chaitin). A copy's result does not interfere with its source there, since both
 * hold the same value; the results of one instruction interfere with each other.
 *
 * <p>Each register's neighbors are a sorted array of ids: a function with a few hundred values live
 * across thousands of definitions has millions of edges, which boxed sets held in hundreds of
 * megabytes. Merging (the coalescer's) does not rewrite the neighbors' arrays: registers merged
 * into one form a class, and two classes interfere when a member of one has a member of the other
 * among its neighbors.
 */
public final class InterferenceGraph {
  private final int[][] neighbors;
  // the coalescer's classes: each register's representative and each representative's members
  private final int[] rep;
  private final List<List<Integer>> members;
  private final long[] classDegree;

  private InterferenceGraph(int[][] neighbors) {
    this.neighbors = neighbors;
    int n = neighbors.length;
    rep = new int[n];
    members = new ArrayList<>(n);
    classDegree = new long[n];
    for (int r = 0; r < n; r++) {
      rep[r] = r;
      members.add(null);
      classDegree[r] = neighbors[r].length;
    }
  }

  /** The graph of {@code f}, with {@code liveness} its liveness. */
  public static InterferenceGraph of(MachineFunction f, Liveness liveness) {
    EdgeLists edges = new EdgeLists(f.vregCount());
    for (MachineBlock b : f.blocks()) {
      BitSet live = (BitSet) liveness.liveOut(b).clone();
      List<MachineInstr> is = b.instrs();
      for (int k = is.size() - 1; k >= 0; k--) {
        MachineInstr i = is.get(k);
        VReg copySource = CopyInstrs.source(f, i);
        for (VReg d : i.defs()) {
          for (int l = live.nextSetBit(0); l >= 0; l = live.nextSetBit(l + 1)) {
            if (l != d.id() && (copySource == null || l != copySource.id())) {
              edges.add(d.id(), l);
            }
          }
          for (VReg other : i.defs()) {
            if (!other.equals(d)) {
              edges.add(d.id(), other.id());
            }
          }
        }
        Liveness.stepBackward(i, live, null);
      }
    }
    return new InterferenceGraph(edges.sortedUnique());
  }

  /** True if the classes of the representatives {@code a} and {@code b} interfere. */
  public boolean interfere(int a, int b) {
    // walk the class with fewer edges, asking each neighbor's class
    int from = classDegree[a] <= classDegree[b] ? a : b;
    int other = from == a ? b : a;
    for (int x : membersOf(from)) {
      for (int y : neighbors[x]) {
        if (find(y) == other) {
          return true;
        }
      }
    }
    return false;
  }

  /** The registers {@code r} interferes with, in increasing order (before any merge). */
  public int[] neighbors(int r) {
    return neighbors[r];
  }

  /**
   * Joins the class of the representative {@code from} to that of the representative {@code into}.
   */
  public void merge(int from, int into) {
    List<Integer> joined =
        members.get(into) == null ? new ArrayList<>(List.of(into)) : members.get(into);
    joined.addAll(membersOf(from));
    members.set(into, joined);
    members.set(from, null);
    rep[from] = into;
    classDegree[into] += classDegree[from];
  }

  private List<Integer> membersOf(int r) {
    List<Integer> m = members.get(r);
    return m == null ? List.of(r) : m;
  }

  private int find(int r) {
    while (rep[r] != r) {
      rep[r] = rep[rep[r]];
      r = rep[r];
    }
    return r;
  }

  /** Edges as they are found, both directions, repeats allowed until {@link #sortedUnique}. */
  private static final class EdgeLists {
    private final int[][] lists;
    private final int[] sizes;

    EdgeLists(int registers) {
      lists = new int[registers][];
      sizes = new int[registers];
      Arrays.fill(lists, new int[0]);
    }

    void add(int a, int b) {
      push(a, b);
      push(b, a);
    }

    private void push(int a, int b) {
      if (sizes[a] == lists[a].length) {
        lists[a] = Arrays.copyOf(lists[a], Math.max(4, lists[a].length * 2));
      }
      lists[a][sizes[a]++] = b;
    }

    int[][] sortedUnique() {
      int[][] out = new int[lists.length][];
      for (int r = 0; r < lists.length; r++) {
        int[] l = lists[r];
        Arrays.sort(l, 0, sizes[r]);
        int n = 0;
        for (int k = 0; k < sizes[r]; k++) {
          if (n == 0 || l[n - 1] != l[k]) {
            l[n++] = l[k];
          }
        }
        out[r] = Arrays.copyOf(l, n);
        lists[r] = null;
      }
      return out;
    }
  }
}
