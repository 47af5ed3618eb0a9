package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.mir.MachineFunction;
import java.util.Arrays;
import java.util.List;

/**
 * The allocator of jptx: pressure first, assignment second (seed: RAGreedy is "pressure-driven
 * rather than assignment-driven" on NVPTX, where ptxas assigns the hardware registers again). Under
 * a budget it spills whole registers until every point fits ({@link BudgetSpiller}); then it colors
 * the registers of each class as tightly as it can ({@link GraphColoring}), so the {@code .reg}
 * declarations shrink to about the most values live at once.
 */
public final class PressureDrivenAllocator implements RegisterAllocator {
  private final boolean assign;
  private final boolean remat;

  /**
   * An allocator that spills under a budget (recomputing what comes from parameters instead, if
   * {@code remat}) and, if {@code assign}, shares registers; otherwise every virtual register keeps
   * a register of its own (the shape nvcc emits).
   */
  public PressureDrivenAllocator(boolean assign, boolean remat) {
    this.assign = assign;
    this.remat = remat;
  }

  @Override
  public Allocation allocate(MachineFunction f, int budget) {
    MachineFunction work = f.copy();
    List<Allocation.Spill> spills =
        budget == Integer.MAX_VALUE
            ? List.of()
            : BudgetSpiller.run(new SpillWork(work, budget), remat);
    int[] registerOf = new int[work.vregCount()];
    if (assign) {
      registerOf = GraphColoring.color(work);
    } else {
      Arrays.setAll(registerOf, r -> r);
    }
    return new Allocation(spills, registerOf);
  }
}
