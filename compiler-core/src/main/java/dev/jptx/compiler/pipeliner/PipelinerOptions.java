package dev.jptx.compiler.pipeliner;

/**
 * The pass's reading of the seed's knobs (their help: {@code driver/PipelinerKnobs}).
 *
 * @param annotateForTesting {@code pipeliner-annotate-for-testing}: schedule and print, no code
 *     generation
 * @param experimentalCg {@code pipeliner-experimental-cg}: the peeling code generator
 * @param mveCg {@code pipeliner-mve-cg}: the modulo-variable-expansion code generator (else, and
 *     without {@code experimentalCg}, the peeling one, the seed's fallthrough)
 * @param showMask {@code pipeliner-show-mask}: print the reservation table's occupancy mask
 * @param dbgRes {@code pipeliner-dbg-res}: print the resources taken per cycle
 * @param scheduler the scheduler's knobs
 */
public record PipelinerOptions(
    boolean annotateForTesting,
    boolean experimentalCg,
    boolean mveCg,
    boolean showMask,
    boolean dbgRes,
    SchedulerOptions scheduler) {
  /** The seed's defaults. */
  public static final PipelinerOptions DEFAULTS =
      new PipelinerOptions(false, false, true, false, false, SchedulerOptions.DEFAULTS);
}
