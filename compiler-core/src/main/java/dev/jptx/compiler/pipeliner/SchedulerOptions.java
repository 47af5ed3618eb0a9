package dev.jptx.compiler.pipeliner;

/**
 * What the scheduler reads from the seed's knobs (see {@code driver/PipelinerKnobs} for their
 * help).
 *
 * @param maxMii {@code pipeliner-max-mii}: a loop whose MII is above it is not scheduled
 * @param forceIi {@code pipeliner-force-ii}: when positive, the only II tried
 * @param maxStages {@code pipeliner-max-stages}: the most {@code numStages} (the last stage's
 *     index) a schedule may have
 * @param ignoreRecMii {@code pipeliner-ignore-recmii}: RecMII counts as 0
 * @param iiSearchRange {@code pipeliner-ii-search-range}: the IIs tried are MII to MII + this
 * @param registerPressure {@code pipeliner-register-pressure}: reject schedules over the budget
 * @param pressureMargin {@code pipeliner-register-pressure-margin}: percent of the budget kept free
 * @param issueWidth the instructions issued per cycle ({@code pipeliner-force-issue-width} when
 *     positive, else the target's)
 * @param testIiOffset {@code pipeliner-test-ii-offset}: when not negative, the only II tried is MII
 *     plus this
 * @param graph the dependence graph's pruning and mutation knobs
 */
public record SchedulerOptions(
    int maxMii,
    int forceIi,
    int maxStages,
    boolean ignoreRecMii,
    int iiSearchRange,
    boolean registerPressure,
    int pressureMargin,
    int issueWidth,
    int testIiOffset,
    DependenceGraphBuilder.Options graph) {
  /** The seed's defaults. */
  public static final SchedulerOptions DEFAULTS =
      new SchedulerOptions(
          27,
          0,
          3,
          false,
          10,
          false,
          5,
          dev.jptx.compiler.target.PipelineUnit.ISSUE_WIDTH,
          -1,
          DependenceGraphBuilder.Options.DEFAULTS);
}
