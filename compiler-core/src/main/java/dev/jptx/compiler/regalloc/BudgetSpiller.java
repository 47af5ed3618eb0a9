package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.codegen.analysis.MachineLoopInfo;
import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.mir.FrameObject;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
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
 * addresses never go to {@code .local}. The points are an instruction's read and write slots, as
 * {@link SpillPressure} measures them and keeps them current across spills (the live intervals,
 * dominators and loops are not found again per spilled register). It stops when every point fits,
 * or when the points over budget hold only registers their own instruction needs (the budget is
 * below what one instruction reads and writes at once).
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
    SpillPressure pressure = new SpillPressure(work, budget, weight);
    while (true) {
      Remat facts = remat ? Remat.of(work) : null;
      int best = choose(work, pressure, spilled, facts);
      if (best < 0) {
        return spills;
      }
      VReg r = new VReg(best);
      spilled.set(best);
      pressure.beforeEdit();
      if (facts != null && facts.chain(r) != null) {
        SpillCode.rematerialize(
            work,
            r,
            facts,
            () -> {
              pressure.catchUp();
              return pressure::liveOut;
            });
        pressure.edited();
        spills.add(new Allocation.Spill(r, null));
        continue;
      }
      int bytes = Math.max(1, work.regClass(r).bits() / 8);
      FrameObject slot = new FrameObject(SLOT_PREFIX + slots++, bytes, bytes);
      work.addFrameObject(slot);
      SpillCode.insert(work, r, slot.name());
      pressure.edited();
      spills.add(new Allocation.Spill(r, slot));
    }
  }

  /** The register to spill next, or -1 if none is over budget or none can help. */
  private static int choose(MachineFunction f, SpillPressure p, BitSet spilled, Remat remat) {
    int best = -1;
    double bestRatio = 0;
    for (int r = 0; r < p.registers(); r++) {
      if (p.overPoints(r) == 0 || spilled.get(r) || f.regClass(new VReg(r)) == RegisterClass.PRED) {
        continue;
      }
      // a wide register frees more units where it is live
      int units = RegisterPressure.units(f.regClass(new VReg(r)));
      double ratio = (double) p.overPoints(r) * units / Math.max(p.cost(r), 1e-9);
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
}
