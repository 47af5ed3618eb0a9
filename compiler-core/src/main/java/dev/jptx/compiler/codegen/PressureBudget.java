package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.target.RegisterBudgets;
import dev.jptx.compiler.target.RegisterClass;
import dev.jptx.spi.RegisterBudget;

/**
 * The rule the pressure-aware machine passes ({@link MachineCse}, {@link MachineLicm}) undo an edit
 * by: it takes the function's data registers (32-bit units at the most crowded point) above the
 * kernel's {@code maxRegisters}, or {@link RegisterBudget#PRESSURE_TARGET} without one, and above
 * what they were; or its predicates above {@link RegisterBudgets#PREDICATE_REGISTERS} and above
 * what they were. An edit in a function already over a target is not blocked unless it makes things
 * worse.
 */
final class PressureBudget {
  /** The two figures an edit is judged by. */
  record Figures(int registerUnits, int predicates) {
    static Figures of(RegisterPressure p) {
      return new Figures(p.maxLiveRegisterUnits(), p.max(RegisterClass.PRED));
    }
  }

  private final int registerTarget;
  private final boolean registers;
  private final boolean predicates;

  private PressureBudget(int registerTarget, boolean registers, boolean predicates) {
    this.registerTarget = registerTarget;
    this.registers = registers;
    this.predicates = predicates;
  }

  /** The budget of {@code f}, checking registers and predicates as asked. */
  static PressureBudget of(MachineFunction f, boolean registers, boolean predicates) {
    return new PressureBudget(
        RegisterBudget.pressureTarget(f.info().maxRegisters()), registers, predicates);
  }

  /** True if going from {@code before} to {@code after} breaks the budget. */
  boolean exceeded(Figures before, Figures after) {
    return registers
            && after.registerUnits() > registerTarget
            && after.registerUnits() > before.registerUnits()
        || predicates
            && after.predicates() > RegisterBudgets.PREDICATE_REGISTERS
            && after.predicates() > before.predicates();
  }
}
