package dev.jptx.compiler.driver;

import dev.jptx.compiler.pipeliner.DependenceGraphBuilder;
import dev.jptx.compiler.pipeliner.PipelinerOptions;
import dev.jptx.compiler.pipeliner.SchedulerOptions;
import dev.jptx.compiler.target.PipelineUnit;
import java.util.Map;

/**
 * The knobs of the software pipeliner (seed: MachinePipeliner's knob table, its names and defaults;
 * {@code enable-pipeliner-opt-size} comes with {@code -Os}), registered by {@link Knobs} in one
 * call, and the pass's options read from them.
 */
final class PipelinerKnobs {
  private PipelinerKnobs() {}

  /** Adds the pipeliner's knobs to the registry {@code m}. */
  static void register(Map<String, Knob> m) {
    bool(
        m,
        "enable-pipeliner-opt-size",
        "false",
        "At -Os (optimizeForSize), software-pipeline loops too (with enable-pipeliner); false,"
            + " the seed's default, leaves them alone there: a pipelined loop adds a prolog and an"
            + " epilog to its kernel.");
    bool(
        m,
        "enable-pipeliner",
        "false",
        "Software-pipeline single-block loops by Swing Modulo Scheduling (the 'machine-pipeliner'"
            + " pass of the pipeliner stage) at -O2 and above; false leaves every loop as it is."
            + " Off by default (the seed has it on) because measurements say so: on the bench"
            + " suite (docs/quality.md, sm_90 strict) it raised dynamic instructions on the"
            + " simulator by 18-52% on the six kernels it touched (dotLoop 788k -> 1196k), their"
            + " SASS 1.4-2.9x and registers by 6-11 (nbody 35 vs nvcc's 32); GPU times are to"
            + " come from the GPU report's 'loops' section.");
    integer(
        m,
        "pipeliner-max-mii",
        "27",
        "A loop whose minimal initiation interval (max of RecMII and ResMII) is above this is not"
            + " pipelined ('Minimal Initiation Interval too large').");
    integer(
        m,
        "pipeliner-force-ii",
        "0",
        "When positive, the only initiation interval tried, instead of the search from MII.");
    integer(
        m,
        "pipeliner-max-stages",
        "3",
        "The most stages a schedule may have, as numStages, the index of its last stage (3: four"
            + " stages); a schedule with more is rejected and the next II tried.");
    bool(
        m,
        "pipeliner-prune-deps",
        "true",
        "Give each PHI's back-edge value a loop-carried dependence only to that PHI's readers;"
            + " false treats the PHIs as related, the value reaching every PHI's readers.");
    bool(
        m,
        "pipeliner-prune-loop-carried",
        "true",
        "Drop the loop-carried order dependence between two accesses of a[i] through the same"
            + " address whose stride keeps iterations apart; false keeps it.");
    bool(
        m,
        "pipeliner-ignore-recmii",
        "false",
        "Count RecMII as 0: the II search starts from the resource bound alone.");
    bool(
        m,
        "pipeliner-show-mask",
        "false",
        "Print the modulo reservation table's occupancy mask ('; mask ...' lines) after each"
            + " schedule in the pipeliner dump.");
    bool(
        m,
        "pipeliner-dbg-res",
        "false",
        "Print the issue slots and units taken in each cycle of the II ('; res cycle ...' lines)"
            + " after each schedule in the pipeliner dump.");
    bool(
        m,
        "pipeliner-annotate-for-testing",
        "false",
        "Schedule and print the schedules, but generate no code: the loops stay as they are.");
    bool(
        m,
        "pipeliner-experimental-cg",
        "false",
        "Generate pipelined loops with the peeling code generator instead of modulo variable"
            + " expansion.");
    integer(
        m,
        "pipeliner-ii-search-range",
        "10",
        "The II search tries MII to MII plus this; a loop with no schedule there is not"
            + " pipelined ('Unable to find schedule').");
    bool(
        m,
        "pipeliner-register-pressure",
        "false",
        "Reject a schedule whose kernel holds more registers at once than the function's budget"
            + " (maxRegisters, else the default target) less the margin.");
    integer(
        m,
        "pipeliner-register-pressure-margin",
        "5",
        "The percent of the register budget pipeliner-register-pressure keeps free.");
    bool(
        m,
        "pipeliner-mve-cg",
        "true",
        "Generate pipelined loops by modulo variable expansion (prolog, kernel, epilog); false,"
            + " without pipeliner-experimental-cg, uses the peeling code generator.");
    bool(
        m,
        "pipeliner-enable-copytophi",
        "true",
        "Order a copy that defines a PHI's back-edge value after the PHI's other readers (LLVM's"
            + " CopyToPhi mutation); false lets it move earlier.");
    integer(
        m,
        "pipeliner-force-issue-width",
        "0",
        "When positive, the instructions issued per cycle in the resource model instead of the"
            + " target's "
            + PipelineUnit.ISSUE_WIDTH
            + ".");
    integer(
        m,
        "pipeliner-test-ii-offset",
        "-1",
        "Testing only: when not negative, the only II tried for each loop is its MII plus this.");
  }

  /** The pass's options from {@code k}. */
  static PipelinerOptions options(Knobs k) {
    int width = k.integer("pipeliner-force-issue-width");
    SchedulerOptions s =
        new SchedulerOptions(
            k.integer("pipeliner-max-mii"),
            k.integer("pipeliner-force-ii"),
            k.integer("pipeliner-max-stages"),
            k.flag("pipeliner-ignore-recmii"),
            k.integer("pipeliner-ii-search-range"),
            k.flag("pipeliner-register-pressure"),
            k.integer("pipeliner-register-pressure-margin"),
            width > 0 ? width : PipelineUnit.ISSUE_WIDTH,
            k.integer("pipeliner-test-ii-offset"),
            new DependenceGraphBuilder.Options(
                k.flag("pipeliner-prune-deps"),
                k.flag("pipeliner-prune-loop-carried"),
                k.flag("pipeliner-enable-copytophi")));
    return new PipelinerOptions(
        k.flag("pipeliner-annotate-for-testing"),
        k.flag("pipeliner-experimental-cg"),
        k.flag("pipeliner-mve-cg"),
        k.flag("pipeliner-show-mask"),
        k.flag("pipeliner-dbg-res"),
        s);
  }

  private static void bool(Map<String, Knob> m, String name, String def, String help) {
    m.put(name, new Knob(name, Knob.Type.BOOL, def, help));
  }

  private static void integer(Map<String, Knob> m, String name, String def, String help) {
    m.put(name, new Knob(name, Knob.Type.INT, def, help));
  }
}
