package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.codegen.analysis.MachineLoopInfo;
import dev.jptx.compiler.mir.FrameObject;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.RegisterClass;

/**
 * What the budget spiller sees of the allocator's working copy of a function: its registers and
 * their classes, the figures it decides by ({@link SpillPressure}, kept current as spill code goes
 * in), the rematerialization facts, and the two edits it makes, spilling a register to a new slot
 * and recomputing one from parameters at its readers. Neither reaches the CFG, the layout or the
 * function's other parts, which is what lets the figures stay current instead of being measured
 * again after each spill.
 */
final class SpillWork {
  private final MachineFunction f;
  private final SpillPressure pressure;
  private int slots;

  /** The view of {@code copy} (which spills change) for a budget of {@code budget} units. */
  SpillWork(MachineFunction copy, int budget) {
    this.f = copy;
    for (FrameObject o : copy.info().frame()) {
      slots += o.name().startsWith(BudgetSpiller.SLOT_PREFIX) ? 1 : 0;
    }
    // spill code goes inside blocks, so each block's loop depth is found once, not per spill
    MachineLoopInfo loops = MachineLoopInfo.of(copy, MachineDominatorTree.of(copy));
    double[] weight =
        new double[copy.blocks().stream().mapToInt(MachineBlock::id).max().orElse(0) + 1];
    for (MachineBlock b : copy.blocks()) {
      weight[b.id()] = Math.pow(BudgetSpiller.LOOP_WEIGHT, loops.depth(b));
    }
    pressure = new SpillPressure(copy, budget, weight);
  }

  /** How many registers the figures cover (ids below this). */
  int registers() {
    return pressure.registers();
  }

  /** The class of register {@code r}. */
  RegisterClass regClass(int r) {
    return f.regClass(new VReg(r));
  }

  /** The points over budget {@code r} is live across, neither read nor written there. */
  int overPoints(int r) {
    return pressure.overPoints(r);
  }

  /** The spill cost of {@code r}: its reads and writes, weighted by loop depth. */
  double cost(int r) {
    return pressure.cost(r);
  }

  /** Which registers can be recomputed from parameters, as the function is now. */
  Remat remat() {
    return Remat.of(f);
  }

  /** Spills {@code r} everywhere to a new {@code .local} slot. */
  Allocation.Spill spill(VReg r) {
    int bytes = Math.max(1, f.regClass(r).bits() / 8);
    FrameObject slot = new FrameObject(BudgetSpiller.SLOT_PREFIX + slots++, bytes, bytes);
    f.addFrameObject(slot);
    pressure.beforeEdit();
    SpillCode.insert(f, r, slot.name());
    pressure.edited();
    return new Allocation.Spill(r, slot);
  }

  /** Recomputes {@code r} at each reader with the chain {@code facts} gives. */
  Allocation.Spill rematerialize(VReg r, Remat facts) {
    pressure.beforeEdit();
    SpillCode.rematerialize(
        f,
        r,
        facts,
        () -> {
          pressure.catchUp();
          return pressure::liveOut;
        });
    pressure.edited();
    return new Allocation.Spill(r, null);
  }
}
