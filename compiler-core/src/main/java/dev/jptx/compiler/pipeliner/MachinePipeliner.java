package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.diag.Remark;
import dev.jptx.compiler.diag.Remarks;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The software pipeliner (seed: instruction-scheduling-and-pipeliner.md, "MachinePipeliner: Swing
 * Modulo Scheduling"): for each candidate loop of a function ({@link PipelineLoops}), a modulo
 * schedule ({@link SwingScheduler}), printed to the dump ({@link SchedulePrinter}), then the code
 * generator the knobs choose rewrites the loop: none under {@code pipeliner-annotate-for-testing};
 * the peeling one ({@link PeelingScheduleExpander}) under {@code pipeliner-experimental-cg}, else
 * modulo variable expansion ({@link ModuloScheduleExpander}) under {@code pipeliner-mve-cg} (the
 * default), else the peeling one (the seed's fallthrough). Every loop gets a remark of pass family
 * {@code pipeliner}: why it is no candidate, why it was not scheduled (the seed's words), whether
 * the generator failed, or "Pipelined succesfully!" [sic]. Requires SSA machine IR; the generators
 * may add blocks. Loops the generators create are not scheduled again.
 */
public final class MachinePipeliner implements MachinePass {
  /** The pass family of the remarks, as the {@code remarks} option names it. */
  public static final String REMARKS = "pipeliner";

  /** The code generator the knobs choose. */
  public enum Generator {
    /** {@code pipeliner-annotate-for-testing}: none, the schedule is only printed. */
    NONE,
    /** {@link PeelingScheduleExpander}. */
    PEELING,
    /** {@link ModuloScheduleExpander}. */
    MODULO_VARIABLE_EXPANSION
  }

  private final PipelinerOptions options;
  private final Remarks remarks;
  private final BiConsumer<MachineFunction, String> notes;

  /**
   * A pass reporting to {@code remarks} and handing each schedule's text, with the debug lines the
   * knobs ask for, to {@code notes}.
   */
  public MachinePipeliner(
      PipelinerOptions options, Remarks remarks, BiConsumer<MachineFunction, String> notes) {
    this.options = options;
    this.remarks = remarks;
    this.notes = notes;
  }

  @Override
  public String name() {
    return "machine-pipeliner";
  }

  @Override
  public boolean run(MachineFunction f) {
    if (!f.isSsa()) {
      return false;
    }
    PipelineLoops.Found found = PipelineLoops.of(f);
    for (PipelineLoops.Skipped s : found.skipped()) {
      report(f, s.header(), Remark.Kind.MISSED, "canPipelineLoop", s.reason());
    }
    boolean changed = false;
    for (PipelineLoop first : found.candidates()) {
      PipelineLoop loop = changed ? current(f, first.body()) : first;
      if (loop == null) {
        report(f, first.body(), Remark.Kind.MISSED, "canPipelineLoop", "Loop changed shape");
        continue;
      }
      changed |= pipeline(f, loop);
    }
    return changed;
  }

  /** The candidate with body {@code body} as the function is now, or null. */
  private static PipelineLoop current(MachineFunction f, MachineBlock body) {
    for (PipelineLoop l : PipelineLoops.of(f).candidates()) {
      if (l.body() == body) {
        return l;
      }
    }
    return null;
  }

  /**
   * The seed's priority: annotation, then the peeling generator under {@code
   * pipeliner-experimental-cg}, then modulo variable expansion under {@code pipeliner-mve-cg}, else
   * the peeling one (the seed's fallthrough).
   */
  public static Generator generator(PipelinerOptions o) {
    if (o.annotateForTesting()) {
      return Generator.NONE;
    }
    if (o.experimentalCg() || !o.mveCg()) {
      return Generator.PEELING;
    }
    return Generator.MODULO_VARIABLE_EXPANSION;
  }

  private boolean pipeline(MachineFunction f, PipelineLoop loop) {
    SwingScheduler.Result r =
        SwingScheduler.schedule(
            f,
            loop,
            DependenceGraphBuilder.build(loop, options.scheduler().graph()),
            options.scheduler(),
            options.showMask(),
            options.dbgRes());
    if (r.schedule() == null) {
      report(f, loop.body(), Remark.Kind.MISSED, "schedule", r.missed());
      return false;
    }
    notes.accept(f, SchedulePrinter.print(f, r.schedule()) + SchedulePrinter.comment(r.debug()));
    Generator gen = generator(options);
    if (gen == Generator.NONE) {
      report(f, loop.body(), Remark.Kind.PASSED, "schedule", "Pipelined succesfully!");
      return false;
    }
    boolean peeling = gen == Generator.PEELING;
    // The generators reject a schedule that reads a value in an earlier stage than computes it;
    // some schedules of the swing scheduler still do (a dependence the graph misses), so the
    // generator runs on a copy first and such a loop is left as it was, with a remark.
    String rejected = rejection(f, r.schedule(), peeling);
    if (rejected != null) {
      report(
          f,
          loop.body(),
          Remark.Kind.MISSED,
          "schedule",
          "The schedule cannot be expanded (" + rejected + "); loop left as it was");
      return false;
    }
    boolean done = expand(f, r.schedule(), peeling);
    if (done) {
      report(f, loop.body(), Remark.Kind.PASSED, "schedule", "Pipelined succesfully!");
    } else {
      report(
          f,
          loop.body(),
          Remark.Kind.MISSED,
          "schedule",
          "The "
              + (peeling ? "peeling" : "modulo variable expansion")
              + " code generator could not rewrite the loop");
    }
    return done;
  }

  private static boolean expand(MachineFunction f, ModuloSchedule s, boolean peeling) {
    return peeling ? PeelingScheduleExpander.expand(f, s) : ModuloScheduleExpander.expand(f, s);
  }

  /** Why the generator rejects {@code s}, tried on a copy of {@code f}; null if it accepts it. */
  private static String rejection(MachineFunction f, ModuloSchedule s, boolean peeling) {
    MachineFunction trial = f.copy();
    PipelineLoop l = s.loop();
    PipelineLoop copied =
        new PipelineLoop(
            trial.block(l.body().id()),
            trial.block(l.entry().id()),
            trial.block(l.exit().id()),
            l.control());
    try {
      expand(
          trial,
          new ModuloSchedule(copied, s.ii(), s.mii(), s.recMii(), s.resMii(), s.cycles()),
          peeling);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  private void report(
      MachineFunction f, MachineBlock header, Remark.Kind kind, String name, String message) {
    remarks.report(
        new Remark(
            REMARKS,
            kind,
            name,
            f.info().sourceFile(),
            firstLine(header.instrs()),
            f.info().javaName(),
            message));
  }

  private static int firstLine(List<MachineInstr> is) {
    for (MachineInstr mi : is) {
      if (mi.line() > 0) {
        return mi.line();
      }
    }
    return 0;
  }
}
