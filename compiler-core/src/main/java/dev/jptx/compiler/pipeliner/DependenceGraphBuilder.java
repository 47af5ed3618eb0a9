package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.pipeliner.DependenceGraph.Edge;
import dev.jptx.compiler.pipeliner.DependenceGraph.Kind;
import dev.jptx.compiler.target.ConstraintFamily;
import dev.jptx.compiler.target.MemoryOpcodes;
import dev.jptx.compiler.target.MoveOpcodes;
import dev.jptx.compiler.target.PipelineClass;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the {@link DependenceGraph} of a {@link PipelineLoop} (seed: MachinePipeliner,
 * "addDependencies", and LLVM's SwingSchedulerDAG): register edges within the iteration;
 * loop-carried register edges through the PHIs (distance 1, from the definition of a PHI's
 * back-edge value to the readers of the PHI); memory order edges between a store or atomic and any
 * other access (loads after loads need none; loads of read-only memory, {@code ld.global.nc}, need
 * none), within the iteration and, from a later access to an earlier one, at distance 1.
 *
 * <p>Options, the seed's knobs: {@code pruneDeps} (off: the PHIs are treated as one, every
 * back-edge value reaching the readers of every PHI); {@code pruneLoopCarried} (drops the
 * loop-carried order edge between two accesses through the same address register computed by {@code
 * mad.wide} from the induction variable, whose step moves the address by at least the access' width
 * each iteration, so different iterations touch different bytes); {@code copyToPhi} (LLVM's
 * CopyToPhiMutation: a copy that defines a PHI's back-edge value is ordered after the other readers
 * of that PHI, so that the old and new values need not live at once).
 */
public final class DependenceGraphBuilder {
  /** The pruning and mutation knobs. */
  public record Options(boolean pruneDeps, boolean pruneLoopCarried, boolean copyToPhi) {
    /** The seed's defaults: everything on. */
    public static final Options DEFAULTS = new Options(true, true, true);
  }

  private DependenceGraphBuilder() {}

  /** The graph of {@code loop}. */
  public static DependenceGraph build(PipelineLoop loop, Options o) {
    List<MachineInstr> is = loop.body().instrs();
    int first = 0;
    while (first < is.size() && is.get(first).opcode() == MoveOpcodes.PHI) {
      first++;
    }
    List<MachineInstr> phis = is.subList(0, first);
    DependenceGraph g = new DependenceGraph(is.subList(first, is.size() - 2), first);
    Map<VReg, Integer> defs = new HashMap<>();
    for (int n = 0; n < g.size(); n++) {
      for (VReg d : g.instr(n).defs()) {
        defs.put(d, n);
      }
    }
    registerEdges(g, defs);
    phiEdges(g, phis, defs, o);
    memoryEdges(g, phis, defs, o.pruneLoopCarried());
    return g;
  }

  private static void registerEdges(DependenceGraph g, Map<VReg, Integer> defs) {
    for (int n = 0; n < g.size(); n++) {
      for (VReg r : g.instr(n).usedRegs()) {
        Integer d = defs.get(r);
        if (d != null && d < n) {
          g.add(new Edge(d, n, g.pipelineClass(d).latency(), 0, Kind.DATA));
        }
      }
    }
  }

  private static void phiEdges(
      DependenceGraph g, List<MachineInstr> phis, Map<VReg, Integer> defs, Options o) {
    List<List<Integer>> readers = new ArrayList<>();
    List<Integer> backDefs = new ArrayList<>();
    for (MachineInstr phi : phis) {
      readers.add(readersOf(g, phi.defs().get(0)));
      backDefs.add(backEdgeDef(phi, defs));
    }
    for (int p = 0; p < phis.size(); p++) {
      Integer d = backDefs.get(p);
      if (d == null) {
        continue;
      }
      for (int q = 0; q < phis.size(); q++) {
        if (q != p && o.pruneDeps()) {
          continue;
        }
        for (int r : readers.get(q)) {
          g.add(new Edge(d, r, g.pipelineClass(d).latency(), 1, Kind.DATA));
        }
      }
      if (o.copyToPhi() && g.instr(d).opcode().family() == ConstraintFamily.COPY) {
        BitSet after = reachable(g, d);
        for (int r : readers.get(p)) {
          if (r != d && !after.get(r)) {
            g.add(new Edge(r, d, 0, 0, Kind.ARTIFICIAL));
          }
        }
      }
    }
  }

  private static List<Integer> readersOf(DependenceGraph g, VReg r) {
    List<Integer> out = new ArrayList<>();
    for (int n = 0; n < g.size(); n++) {
      if (g.instr(n).usedRegs().contains(r)) {
        out.add(n);
      }
    }
    return out;
  }

  /** The node defining the PHI's value from the body, or null if it comes from outside. */
  static Integer backEdgeDef(MachineInstr phi, Map<VReg, Integer> defs) {
    for (int i = 0; i + 1 < phi.uses().size(); i += 2) {
      if (phi.uses().get(i) instanceof MOperand.Reg r && defs.containsKey(r.reg())) {
        return defs.get(r.reg());
      }
    }
    return null;
  }

  /** The nodes reachable from {@code from} within the iteration. */
  private static BitSet reachable(DependenceGraph g, int from) {
    BitSet seen = new BitSet();
    List<Integer> work = new ArrayList<>(List.of(from));
    while (!work.isEmpty()) {
      int n = work.remove(work.size() - 1);
      for (Edge e : g.succs(n)) {
        if (e.distance() == 0 && !seen.get(e.to())) {
          seen.set(e.to());
          work.add(e.to());
        }
      }
    }
    return seen;
  }

  private static void memoryEdges(
      DependenceGraph g, List<MachineInstr> phis, Map<VReg, Integer> defs, boolean prune) {
    List<Integer> mem = new ArrayList<>();
    for (int n = 0; n < g.size(); n++) {
      if (g.pipelineClass(n).accessesMemory()
          && !MemoryOpcodes.isReadOnlyLoad(g.instr(n).opcode())) {
        mem.add(n);
      }
    }
    for (int i = 0; i < mem.size(); i++) {
      for (int j = i + 1; j < mem.size(); j++) {
        int a = mem.get(i);
        int b = mem.get(j);
        if (!writes(g, a) && !writes(g, b)) {
          continue;
        }
        g.add(new Edge(a, b, writes(g, a) ? g.pipelineClass(a).latency() : 0, 0, Kind.ORDER));
        if (!(prune && IterationDisjoint.proven(g.instr(a), g.instr(b), phis, defs, g))) {
          g.add(new Edge(b, a, writes(g, b) ? g.pipelineClass(b).latency() : 0, 1, Kind.ORDER));
        }
      }
    }
  }

  private static boolean writes(DependenceGraph g, int n) {
    PipelineClass c = g.pipelineClass(n);
    return c == PipelineClass.STORE || c == PipelineClass.ATOMIC;
  }
}
