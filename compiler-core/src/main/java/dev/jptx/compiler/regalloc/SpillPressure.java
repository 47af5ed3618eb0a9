package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the budget spiller decides by, kept current across spills instead of measured again after
 * each: per register, its spill cost (reads and writes, weighted by loop depth) and the points over
 * the budget it is live across without being read or written there. A point is an instruction: the
 * registers live as it reads (those live before it) and as it writes (those live after it, and its
 * results), which is what {@code LiveIntervals} gives at its read and write slots. Each block's
 * share is kept; after an edit, {@link RegisterPressure#update} brings the liveness up to date for
 * the registers the edit touched and names the blocks where liveness or code changed, and only
 * those blocks are measured again. Spill code stays inside blocks, so the CFG does not change.
 */
final class SpillPressure {
  private final MachineFunction f;
  private final int budget;
  private final double[] blockWeight;
  private final RegisterPressure pressure;
  private final Map<MachineBlock, Share> shares = new HashMap<>();
  private double[] cost;
  private int[] overPoints;
  private Map<MachineBlock, List<MachineInstr>> before;

  /** One block's share: cost and over-budget points per register id. */
  private record Share(Map<Integer, Double> cost, Map<Integer, Integer> overPoints) {}

  SpillPressure(MachineFunction f, int budget, double[] blockWeight) {
    this.f = f;
    this.budget = budget;
    this.blockWeight = blockWeight;
    this.pressure = RegisterPressure.of(f);
    cost = new double[f.vregCount()];
    overPoints = new int[f.vregCount()];
    for (MachineBlock b : f.blocks()) {
      measure(b);
    }
  }

  /** The spill cost of register {@code r}. */
  double cost(int r) {
    return r < cost.length ? cost[r] : 0;
  }

  /** The points over budget {@code r} is live across, neither read nor written there. */
  int overPoints(int r) {
    return r < overPoints.length ? overPoints[r] : 0;
  }

  /** How many registers the figures cover. */
  int registers() {
    return overPoints.length;
  }

  /** {@code b}'s live-out set as of the last {@link #edited} (do not modify). */
  BitSet liveOut(MachineBlock b) {
    return pressure.liveOut(b);
  }

  /** Brings the figures up to date with the edit so far and goes on noting a new one. */
  void catchUp() {
    edited();
    beforeEdit();
  }

  /**
   * Notes the blocks' code as it is before an edit; {@link #edited} finds what the edit changed.
   */
  void beforeEdit() {
    before = new HashMap<>();
    for (MachineBlock b : f.blocks()) {
      before.put(b, List.copyOf(b.instrs()));
    }
  }

  /**
   * Brings the figures up to date after an edit since {@link #beforeEdit}: the blocks whose code
   * changed, the registers of the instructions that went or came, the liveness of those, and the
   * shares of the blocks where liveness or code changed.
   */
  void edited() {
    List<MachineBlock> changed = new ArrayList<>();
    Set<VReg> touched = new LinkedHashSet<>();
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> was = before.get(b);
      List<MachineInstr> now = b.instrs();
      if (sameInstructions(was, now)) {
        continue;
      }
      changed.add(b);
      Map<MachineInstr, Integer> count = new IdentityHashMap<>();
      was.forEach(i -> count.merge(i, 1, Integer::sum));
      now.forEach(i -> count.merge(i, -1, Integer::sum));
      count.forEach(
          (i, n) -> {
            if (n != 0) {
              touched.addAll(i.defs());
              touched.addAll(i.usedRegs());
            }
          });
    }
    before = null;
    if (f.vregCount() > cost.length) {
      cost = java.util.Arrays.copyOf(cost, f.vregCount());
      overPoints = java.util.Arrays.copyOf(overPoints, f.vregCount());
    }
    for (MachineBlock b : pressure.update(changed, touched)) {
      measure(b);
    }
  }

  private static boolean sameInstructions(List<MachineInstr> a, List<MachineInstr> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int k = 0; k < a.size(); k++) {
      if (a.get(k) != b.get(k)) {
        return false;
      }
    }
    return true;
  }

  /** Replaces {@code b}'s share of the figures with one measured on its code and liveness now. */
  private void measure(MachineBlock b) {
    Share old = shares.get(b);
    if (old != null) {
      old.cost().forEach((r, c) -> cost[r] -= c);
      old.overPoints().forEach((r, n) -> overPoints[r] -= n);
    }
    Map<Integer, Double> c = new HashMap<>();
    Map<Integer, Integer> over = new HashMap<>();
    double weight = blockWeight[b.id()];
    BitSet live = (BitSet) pressure.liveOut(b).clone();
    List<MachineInstr> is = b.instrs();
    for (int k = is.size() - 1; k >= 0; k--) {
      MachineInstr i = is.get(k);
      i.defs().forEach(d -> c.merge(d.id(), weight, Double::sum));
      i.usedRegs().forEach(u -> c.merge(u.id(), weight, Double::sum));
      // live as the instruction writes (after it, and its results) and as it reads (before it)
      BitSet after = (BitSet) live.clone();
      i.defs().forEach(d -> after.set(d.id()));
      Liveness.stepBackward(i, live, null);
      int units = Math.max(RegisterPressure.units(f, live), RegisterPressure.units(f, after));
      if (units > budget) {
        BitSet through = (BitSet) live.clone();
        through.and(after);
        i.defs().forEach(d -> through.clear(d.id()));
        i.usedRegs().forEach(u -> through.clear(u.id()));
        for (int r = through.nextSetBit(0); r >= 0; r = through.nextSetBit(r + 1)) {
          over.merge(r, 1, Integer::sum);
        }
      }
    }
    c.forEach((r, x) -> cost[r] += x);
    over.forEach((r, n) -> overPoints[r] += n);
    shares.put(b, new Share(c, over));
  }
}
