package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.ConstraintFamily;
import dev.jptx.compiler.target.MoveOpcodes;
import dev.jptx.compiler.target.SpecialRegisters;
import dev.jptx.spi.RegisterBudget;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The pressure-driven pre-RA scheduler (seed: machine-passes.md, machine-scheduler in its {@code
 * nvptx-sched4reg} mode): reorders the instructions of each block whose register pressure exceeds
 * the register target (the kernel's {@code maxRegisters}, else {@code nv-remat-default-max-reg}),
 * by bottom-up list scheduling in Sethi-Ullman order: of the instructions whose results' readers
 * are all placed, the one whose operand tree needs the fewest registers goes next (nearest its
 * reader), then the one that frees the most registers, then the later one in the old order. So a
 * value loaded early and read late is loaded just before its reader instead of held across the
 * block. The new order is kept only if the block's peak pressure falls.
 *
 * <p>Dependences: the data edges of SSA; memory order between a load and anything that writes
 * memory or synchronizes, and among the latter; PHIs stay first and branches last. Instructions
 * that read a clock-like special register, have side effects or are guarded keep their order with
 * all memory operations. Requires SSA.
 */
public final class RegisterPressureScheduler implements MachinePass {
  @Override
  public String name() {
    return "machine-scheduler";
  }

  @Override
  public boolean run(MachineFunction f) {
    int target = RegisterBudget.pressureTarget(f.info().maxRegisters());
    Liveness live = Liveness.of(f);
    boolean changed = false;
    for (MachineBlock b : f.blocks()) {
      int start = 0;
      List<MachineInstr> is = b.instrs();
      while (start < is.size() && is.get(start).opcode() == MoveOpcodes.PHI) {
        start++;
      }
      int end = start;
      while (end < is.size() && !is.get(end).opcode().isTerminator()) {
        end++;
      }
      int before = RegisterPressure.peakUnits(f, is, live.liveOut(b));
      if (end - start < 2 || before <= target) {
        continue;
      }
      BitSet below = liveBelow(f, is, end, live.liveOut(b));
      List<MachineInstr> order = schedule(f, is.subList(start, end), below);
      List<MachineInstr> candidate = new ArrayList<>(is.subList(0, start));
      candidate.addAll(order);
      candidate.addAll(is.subList(end, is.size()));
      if (RegisterPressure.peakUnits(f, candidate, live.liveOut(b)) < before) {
        is.clear();
        is.addAll(candidate);
        changed = true;
      }
    }
    return changed;
  }

  /** How an instruction may move. */
  private enum Kind {
    PURE,
    LOAD,
    ORDERED
  }

  private static Kind kind(MachineInstr i) {
    if (i.opcode().hasSideEffects() || i.guard() != null) {
      return Kind.ORDERED;
    }
    for (MOperand o : i.uses()) {
      if (o instanceof MOperand.Special s && !SpecialRegisters.isFixedForLaunch(s.name())) {
        return Kind.ORDERED;
      }
    }
    ConstraintFamily fam = i.opcode().family();
    return switch (fam) {
      case LOAD, VECTOR_LOAD -> Kind.LOAD;
      case STORE, CALL, ATOMIC, CAS, PREDICATED, BARRIER, WARP, PSEUDO -> Kind.ORDERED;
      default -> Kind.PURE;
    };
  }

  /** The registers live just above {@code is[end]}, walking back from the block's live-out set. */
  private static BitSet liveBelow(
      MachineFunction f, List<MachineInstr> is, int end, BitSet liveOut) {
    BitSet l = (BitSet) liveOut.clone();
    for (int k = is.size() - 1; k >= end; k--) {
      Liveness.stepBackward(is.get(k), l, null);
    }
    return l;
  }

  /** The region {@code region} in a new order, bottom-up. */
  private static List<MachineInstr> schedule(
      MachineFunction f, List<MachineInstr> region, BitSet liveBelow) {
    int n = region.size();
    List<List<Integer>> after = new ArrayList<>();
    List<List<Integer>> dataPreds = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      after.add(new ArrayList<>());
      dataPreds.add(new ArrayList<>());
    }
    Map<VReg, Integer> defIndex = new HashMap<>();
    int lastOrdered = -1;
    List<Integer> loadsSinceOrdered = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      MachineInstr i = region.get(k);
      for (VReg u : i.usedRegs()) {
        Integer d = defIndex.get(u);
        if (d != null && !dataPreds.get(k).contains(d)) {
          dataPreds.get(k).add(d);
          after.get(d).add(k);
        }
      }
      Kind kind = kind(i);
      if (kind != Kind.PURE && lastOrdered >= 0) {
        after.get(lastOrdered).add(k);
      }
      if (kind == Kind.ORDERED) {
        for (int l : loadsSinceOrdered) {
          after.get(l).add(k);
        }
        loadsSinceOrdered.clear();
        lastOrdered = k;
      } else if (kind == Kind.LOAD) {
        loadsSinceOrdered.add(k);
      }
      for (VReg d : i.defs()) {
        defIndex.put(d, k);
      }
    }
    int[] su = sethiUllman(dataPreds);
    int[] waiting = new int[n];
    for (int k = 0; k < n; k++) {
      waiting[k] = (int) after.get(k).stream().distinct().count();
    }
    List<List<Integer>> before = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      before.add(new ArrayList<>());
    }
    for (int k = 0; k < n; k++) {
      for (int s : after.get(k).stream().distinct().toList()) {
        before.get(s).add(k);
      }
    }
    BitSet live = (BitSet) liveBelow.clone();
    // the instructions whose successors are all placed, asked from the last up as a walk of the
    // whole region did at every step (which made a block of thousands of instructions quadratic)
    BitSet ready = new BitSet();
    for (int k = 0; k < n; k++) {
      ready.set(k, waiting[k] == 0);
    }
    List<MachineInstr> reversed = new ArrayList<>();
    for (int step = 0; step < n; step++) {
      int best = -1;
      for (int k = ready.previousSetBit(n - 1); k >= 0; k = ready.previousSetBit(k - 1)) {
        if (best < 0 || better(f, region, k, best, su, live)) {
          best = k;
        }
      }
      ready.clear(best);
      MachineInstr i = region.get(best);
      reversed.add(i);
      Liveness.stepBackward(i, live, null);
      for (int p : before.get(best)) {
        if (--waiting[p] == 0) {
          ready.set(p);
        }
      }
    }
    List<MachineInstr> order = new ArrayList<>();
    for (int k = reversed.size() - 1; k >= 0; k--) {
      order.add(reversed.get(k));
    }
    return order;
  }

  /**
   * True if {@code a} should be placed (bottom-up) before {@code b}, which comes later in order.
   */
  private static boolean better(
      MachineFunction f, List<MachineInstr> region, int a, int b, int[] su, BitSet live) {
    if (su[a] != su[b]) {
      return su[a] < su[b];
    }
    int da = delta(f, region.get(a), live);
    int db = delta(f, region.get(b), live);
    return da < db;
  }

  /** How scheduling {@code i} (bottom-up) changes the units live above it. */
  private static int delta(MachineFunction f, MachineInstr i, BitSet live) {
    int d = 0;
    for (VReg r : i.defs()) {
      d -= live.get(r.id()) ? RegisterPressure.units(f.regClass(r)) : 0;
    }
    BitSet counted = new BitSet();
    for (VReg u : i.usedRegs()) {
      if (!live.get(u.id()) && !counted.get(u.id())) {
        counted.set(u.id());
        d += RegisterPressure.units(f.regClass(u));
      }
    }
    return d;
  }

  /**
   * Registers each instruction's operand tree needs (Sethi-Ullman), over the region's data edges.
   */
  private static int[] sethiUllman(List<List<Integer>> dataPreds) {
    int[] su = new int[dataPreds.size()];
    for (int k = 0; k < su.length; k++) {
      List<Integer> needs = new ArrayList<>();
      for (int p : dataPreds.get(k)) {
        needs.add(su[p]);
      }
      needs.sort((x, y) -> Integer.compare(y, x));
      int s = 1;
      for (int j = 0; j < needs.size(); j++) {
        s = Math.max(s, needs.get(j) + j);
      }
      su[k] = s;
    }
    return su;
  }
}
