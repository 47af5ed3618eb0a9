package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.analysis.RegisterPressure;
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
 * LLVM weighs spill cost), and goes on with the figures brought up to date. A point's pressure is
 * that of {@link RegisterPressure}: 32-bit units, predicates apart. A register that {@link Remat}
 * can recompute from the function's parameters counts as twice as cheap (ptxas folds a parameter
 * load into a constant-bank operand) and is recomputed at its readers instead of spilled, so a
 * kernel's array addresses never go to {@code .local}. The points are an instruction's read and
 * write slots, as {@link SpillPressure} measures them and keeps them current across spills (the
 * live intervals, dominators and loops are not found again per spilled register); the spiller sees
 * the function only through {@link SpillWork}: registers, figures, remat facts and its two edits.
 * It stops when every point fits, or when the points over budget hold only registers their own
 * instruction needs (the budget is below what one instruction reads and writes at once).
 */
final class BudgetSpiller {
  /** The name prefix of spill slots, before frame layout gives them offsets. */
  static final String SLOT_PREFIX = "__spill";

  /** How much more a read or write weighs per loop level around it. */
  static final double LOOP_WEIGHT = 10;

  private static final double REMAT_PREFERENCE = 2;

  private BudgetSpiller() {}

  /**
   * Spills registers of {@code work} until its pressure fits the budget it was made for; returns
   * the spills in the order made.
   */
  static List<Allocation.Spill> run(SpillWork work, boolean remat) {
    List<Allocation.Spill> spills = new ArrayList<>();
    BitSet spilled = new BitSet();
    while (true) {
      Remat facts = remat ? work.remat() : null;
      int best = choose(work, spilled, facts);
      if (best < 0) {
        return spills;
      }
      VReg r = new VReg(best);
      spilled.set(best);
      spills.add(
          facts != null && facts.chain(r) != null ? work.rematerialize(r, facts) : work.spill(r));
    }
  }

  /** The register to spill next, or -1 if none is over budget or none can help. */
  private static int choose(SpillWork p, BitSet spilled, Remat remat) {
    int best = -1;
    double bestRatio = 0;
    for (int r = 0; r < p.registers(); r++) {
      if (p.overPoints(r) == 0 || spilled.get(r) || p.regClass(r) == RegisterClass.PRED) {
        continue;
      }
      // a wide register frees more units where it is live
      int units = RegisterPressure.units(p.regClass(r));
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
