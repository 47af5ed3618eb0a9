package dev.jptx.compiler.target;

/**
 * Register facts of the targets. The budget policy (what 0 means, the range, the pressure target
 * without a budget) is {@link dev.jptx.spi.RegisterBudget}, shared with the plugin and the CLI.
 */
public final class RegisterBudgets {
  /** Predicate registers a thread has in hardware (P0..P6 on every target jptx supports). */
  public static final int PREDICATE_REGISTERS = 7;

  private RegisterBudgets() {}

  /**
   * The lowest {@code .maxnreg} ptxas honours on {@code target}: it raises smaller budgets to 24
   * registers on sm_75 and newer; 0 where we know of no such floor.
   */
  public static int ptxasMinimumMaxRegisters(SmTarget target) {
    return target.capability() >= 75 ? 24 : 0;
  }
}
