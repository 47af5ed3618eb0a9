package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MemoryOpcodes;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Test-only legal modulo schedules, of any shape the code generators must handle: each instruction
 * gets a latency of 1 to 3 and a lower bound {@code spread * position} that pushes it into later
 * stages; the cycles are the least ones meeting every dependence (registers within an iteration and
 * through PHIs; memory operations in body order within an iteration and from one iteration to the
 * next), found by longest paths. The control slice must land in stage 0: if it does not, or the
 * dependences cannot be met at this II, the II grows.
 */
final class TestScheduler {
  private record Edge(int from, int to, int latency, int distance) {}

  private TestScheduler() {}

  /** A legal schedule at II {@code ii} or the first larger II that admits one. */
  static ModuloSchedule schedule(PipelineLoop loop, int ii, int spread) {
    List<MachineInstr> is = loop.body().instrs();
    List<Edge> edges = edges(loop);
    for (int tryIi = ii; ; tryIi++) {
      int[] c = cycles(is.size(), edges, tryIi, spread, loop);
      if (c != null) {
        List<Integer> cycles = new ArrayList<>();
        for (int x : c) {
          cycles.add(x);
        }
        return new ModuloSchedule(loop, tryIi, ii, 0, 0, cycles);
      }
    }
  }

  private static int latency(int index) {
    return 1 + index * 7 % 3;
  }

  private static boolean scheduled(MachineInstr i) {
    return i.opcode() != MoveOpcodes.PHI && !i.opcode().isTerminator();
  }

  private static boolean ordered(MachineInstr i) {
    return i.opcode().hasSideEffects()
        || i.opcode() instanceof MemoryOpcodes
        || i.opcode().name().startsWith("LD");
  }

  private static List<Edge> edges(PipelineLoop loop) {
    List<MachineInstr> is = loop.body().instrs();
    Map<VReg, Integer> def = new HashMap<>();
    Map<VReg, VReg> back = new HashMap<>();
    for (int i = 0; i < is.size(); i++) {
      MachineInstr mi = is.get(i);
      if (mi.opcode() == MoveOpcodes.PHI) {
        back.put(mi.defs().get(0), TestLoops.source(mi, loop.body()));
      } else if (scheduled(mi)) {
        for (VReg d : mi.defs()) {
          def.put(d, i);
        }
      }
    }
    List<Edge> edges = new ArrayList<>();
    List<Integer> memory = new ArrayList<>();
    for (int u = 0; u < is.size(); u++) {
      if (!scheduled(is.get(u))) {
        continue;
      }
      for (VReg used : is.get(u).usedRegs()) {
        VReg r = used;
        int distance = 0;
        Set<VReg> seen = new HashSet<>();
        while (back.containsKey(r) && seen.add(r)) {
          r = back.get(r);
          distance++;
        }
        Integer d = def.get(r);
        if (d != null) {
          edges.add(new Edge(d, u, latency(d), distance));
        }
      }
      if (ordered(is.get(u))) {
        for (int m : memory) {
          edges.add(new Edge(m, u, 1, 0));
          edges.add(new Edge(u, m, 1, 1));
        }
        memory.add(u);
      }
    }
    return edges;
  }

  /**
   * Least cycles meeting the edges and lower bounds, or null if none fit the control in stage 0.
   */
  private static int[] cycles(int n, List<Edge> edges, int ii, int spread, PipelineLoop loop) {
    List<MachineInstr> is = loop.body().instrs();
    int[] c = new int[n];
    int position = 0;
    for (int i = 0; i < n; i++) {
      c[i] = -1;
      if (scheduled(is.get(i))) {
        c[i] = loop.control().contains(i) ? 0 : spread * position++;
      }
    }
    for (int round = 0; round <= n; round++) {
      boolean changed = false;
      for (Edge e : edges) {
        int want = c[e.from()] + e.latency() - e.distance() * ii;
        if (c[e.to()] < want) {
          c[e.to()] = want;
          changed = true;
        }
      }
      if (!changed) {
        return normalized(c, ii, loop);
      }
    }
    return null;
  }

  private static int[] normalized(int[] c, int ii, PipelineLoop loop) {
    int min = Integer.MAX_VALUE;
    for (int x : c) {
      if (x >= 0) {
        min = Math.min(min, x);
      }
    }
    int shift = min;
    for (int i = 0; i < c.length; i++) {
      if (c[i] >= 0) {
        c[i] -= shift;
      }
    }
    for (int i : loop.control()) {
      if (c[i] >= ii) {
        return null;
      }
    }
    return c;
  }
}
