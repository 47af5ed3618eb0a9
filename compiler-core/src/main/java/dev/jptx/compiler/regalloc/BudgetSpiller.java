package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.analysis.LiveIntervals;
import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.codegen.analysis.MachineLoopInfo;
import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.codegen.analysis.SlotIndexes;
import dev.jptx.compiler.mir.FrameObject;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.RegisterClass;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Brings a function's register pressure under a budget by spilling whole registers to {@code
 * .local} (pressure-driven, one register at a time): of the registers live across some point where
 * the pressure is over the budget, and not read or written there, it spills the one with the best
 * ratio of such points to spill cost (its reads and writes, each weighted 10x per loop level, as
 * LLVM weighs spill cost), then measures again. A point's pressure is that of {@link
 * RegisterPressure}: 32-bit units, predicates apart. A register that {@link Remat} can recompute
 * from the function's parameters counts as twice as cheap (ptxas folds a parameter load into a
 * constant-bank operand) and is recomputed at its readers instead of spilled, so a kernel's array
 * addresses never go to {@code .local}. The points are measured on {@link LiveIntervals}: the
 * registers live at an instruction's read slot and at its write slot. It stops when every point
 * fits, or when the points over budget hold only registers their own instruction needs (the budget
 * is below what one instruction reads and writes at once).
 */
final class BudgetSpiller {
  /** The name prefix of spill slots, before frame layout gives them offsets. */
  static final String SLOT_PREFIX = "__spill";

  private static final double LOOP_WEIGHT = 10;
  private static final double REMAT_PREFERENCE = 2;

  private BudgetSpiller() {}

  /**
   * Spills registers of {@code work} (changing it) until its pressure fits {@code budget}; returns
   * the spills in the order made.
   */
  static List<Allocation.Spill> run(MachineFunction work, int budget, boolean remat) {
    List<Allocation.Spill> spills = new ArrayList<>();
    BitSet spilled = new BitSet();
    int slots = 0;
    for (FrameObject o : work.info().frame()) {
      slots += o.name().startsWith(SLOT_PREFIX) ? 1 : 0;
    }
    // spill code goes inside blocks, so each block's loop depth is found once, not per spill
    MachineLoopInfo loops = MachineLoopInfo.of(work, MachineDominatorTree.of(work));
    double[] weight =
        new double[work.blocks().stream().mapToInt(MachineBlock::id).max().orElse(0) + 1];
    for (MachineBlock b : work.blocks()) {
      weight[b.id()] = Math.pow(LOOP_WEIGHT, loops.depth(b));
    }
    while (true) {
      Remat facts = remat ? Remat.of(work) : null;
      int best = choose(work, budget, spilled, facts, weight);
      if (best < 0) {
        return spills;
      }
      VReg r = new VReg(best);
      spilled.set(best);
      if (facts != null && facts.chain(r) != null) {
        SpillCode.rematerialize(work, r);
        spills.add(new Allocation.Spill(r, null));
        continue;
      }
      int bytes = Math.max(1, work.regClass(r).bits() / 8);
      FrameObject slot = new FrameObject(SLOT_PREFIX + slots++, bytes, bytes);
      work.addFrameObject(slot);
      SpillCode.insert(work, r, slot.name());
      spills.add(new Allocation.Spill(r, slot));
    }
  }

  /** The register to spill next, or -1 if none is over budget or none can help. */
  private static int choose(
      MachineFunction f, int budget, BitSet spilled, Remat remat, double[] blockWeight) {
    LiveIntervals li = LiveIntervals.of(f);
    SlotIndexes slots = li.slots();
    double[] cost = new double[f.vregCount()];
    int[] overPoints = new int[f.vregCount()];
    Sweep sweep = new Sweep(f, li);
    for (MachineBlock b : f.blocks()) {
      double weight = blockWeight[b.id()];
      for (MachineInstr i : b.instrs()) {
        i.defs().forEach(d -> cost[d.id()] += weight);
        i.usedRegs().forEach(u -> cost[u.id()] += weight);
        // live as the instruction reads (its sources and what passes it by), and as it writes
        BitSet before = sweep.liveAt(slots.use(i));
        BitSet after = sweep.liveAt(slots.def(i));
        int units = Math.max(RegisterPressure.units(f, before), RegisterPressure.units(f, after));
        if (units > budget) {
          BitSet through = (BitSet) before.clone();
          through.and(after);
          i.defs().forEach(d -> through.clear(d.id()));
          i.usedRegs().forEach(u -> through.clear(u.id()));
          for (int r = through.nextSetBit(0); r >= 0; r = through.nextSetBit(r + 1)) {
            overPoints[r]++;
          }
        }
      }
    }
    int best = -1;
    double bestRatio = 0;
    for (int r = 0; r < overPoints.length; r++) {
      if (overPoints[r] == 0 || spilled.get(r) || f.regClass(new VReg(r)) == RegisterClass.PRED) {
        continue;
      }
      // a wide register frees more units where it is live
      int units = RegisterPressure.units(f.regClass(new VReg(r)));
      double ratio = (double) overPoints[r] * units / Math.max(cost[r], 1e-9);
      if (remat != null && remat.chain(new VReg(r)) != null) {
        // recomputing from parameters costs no .local traffic and no store: cheaper than a spill
        ratio *= REMAT_PREFERENCE;
      }
      if (ratio > bestRatio) {
        best = r;
        bestRatio = ratio;
      }
    }
    return best;
  }

  /** The registers live at increasing slots, from the intervals' starts and ends in slot order. */
  private static final class Sweep {
    private final int[][] events;
    private final BitSet live = new BitSet();
    private int next;

    Sweep(MachineFunction f, LiveIntervals li) {
      List<int[]> e = new ArrayList<>();
      for (int r = 0; r < f.vregCount(); r++) {
        for (LiveIntervals.Segment s : li.segments(new VReg(r))) {
          e.add(new int[] {s.start(), r, 1});
          e.add(new int[] {s.end(), r, 0});
        }
      }
      e.sort(java.util.Comparator.comparingInt((int[] x) -> x[0]));
      events = e.toArray(new int[0][]);
    }

    /** The registers live at {@code slot}; slots must be asked for in increasing order. */
    BitSet liveAt(int slot) {
      while (next < events.length && events[next][0] <= slot) {
        live.set(events[next][1], events[next][2] == 1);
        next++;
      }
      return (BitSet) live.clone();
    }
  }
}
