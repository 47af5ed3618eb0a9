package dev.jptx.spi;

/**
 * The register budget of a kernel ({@code .maxnreg}): one meaning of 0, one range, one default, for
 * the annotation ({@code @Kernel(maxRegisters)}), the build-wide option (plugin parameter, CLI
 * flag) and the compiler passes that read it.
 *
 * <ul>
 *   <li>{@link #NONE} (0): no budget. On a kernel it means "the build's", on the build "none":
 *       nothing is spilled for want of registers, and {@code ptxas} allocates as it likes.
 *   <li>Otherwise {@link #MIN}..{@link #MAX}, what {@code .maxnreg} accepts.
 *   <li>Without a budget the pressure-aware passes (the scheduler, machine CSE, rematerialization)
 *       still aim at {@link #PRESSURE_TARGET} registers, the default of the reference design's
 *       {@code nv-remat-default-max-reg}.
 * </ul>
 */
public final class RegisterBudget {
  /** No budget. */
  public static final int NONE = 0;

  /** The smallest budget. */
  public static final int MIN = 1;

  /** The largest budget: a thread has at most 255 registers on every target. */
  public static final int MAX = 255;

  /** What the pressure-aware passes aim at without a budget. */
  public static final int PRESSURE_TARGET = 70;

  private RegisterBudget() {}

  /** True for {@link #NONE} and for {@link #MIN}..{@link #MAX}. */
  public static boolean isValid(int budget) {
    return budget == NONE || (budget >= MIN && budget <= MAX);
  }

  /** The range for messages: {@code 0..255}. */
  public static String range() {
    return NONE + ".." + MAX;
  }

  /** A kernel's budget: its own, else the build's. */
  public static int of(int kernel, int build) {
    return kernel != NONE ? kernel : build;
  }

  /** What the pressure-aware passes aim at under {@code budget}. */
  public static int pressureTarget(int budget) {
    return budget != NONE ? budget : PRESSURE_TARGET;
  }

  /** The registers the allocator may use before it spills: all of them without a budget. */
  public static int spillLimit(int budget) {
    return budget != NONE ? budget : Integer.MAX_VALUE;
  }
}
