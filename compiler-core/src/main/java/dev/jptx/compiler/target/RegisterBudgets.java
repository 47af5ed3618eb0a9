package dev.jptx.compiler.target;

/**
 * How many registers a thread may use before the pressure-aware machine passes hold back: the
 * targets they compare register pressure with.
 */
public final class RegisterBudgets {
  /** Predicate registers a thread has in hardware (P0..P6 on every target jptx supports). */
  public static final int PREDICATE_REGISTERS = 7;

  /**
   * The register target of a kernel without {@code maxRegisters} ({@code .maxnreg}): the default of
   * the seed's {@code nv-remat-default-max-reg}, which its rematerialization aims for too.
   */
  public static final int DEFAULT_MAX_REGISTERS = 70;

  private RegisterBudgets() {}

  /**
   * The lowest {@code .maxnreg} ptxas honours on {@code target}: it raises smaller budgets to 24
   * registers on sm_75 and newer; 0 where we know of no such floor.
   */
  public static int ptxasMinimumMaxRegisters(SmTarget target) {
    return target.capability() >= 75 ? 24 : 0;
  }
}
