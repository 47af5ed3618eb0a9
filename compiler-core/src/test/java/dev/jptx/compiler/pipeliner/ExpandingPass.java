package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.mir.MachineFunction;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test-only: gives every single-block loop a {@link TestScheduler} schedule and rewrites it with
 * one of the code generators, counting the loops rewritten and the stage counts seen.
 */
final class ExpandingPass implements MachinePass {
  private final boolean peeling;
  private final int ii;
  private final int spread;
  private final AtomicInteger rewritten = new AtomicInteger();
  private final Set<Integer> stages = new TreeSet<>();

  ExpandingPass(boolean peeling, int ii, int spread) {
    this.peeling = peeling;
    this.ii = ii;
    this.spread = spread;
  }

  @Override
  public String name() {
    return "test-modulo-expand";
  }

  @Override
  public boolean run(MachineFunction f) {
    boolean changed = false;
    int original = f.blocks().stream().mapToInt(b -> b.id()).max().orElse(0);
    Set<Integer> seen = new TreeSet<>();
    // one loop at a time, found again after each rewrite, skipping the generated loops
    while (true) {
      PipelineLoop l =
          TestLoops.find(f).stream()
              .filter(x -> x.body().id() <= original && !seen.contains(x.body().id()))
              .findFirst()
              .orElse(null);
      if (l == null) {
        return changed;
      }
      seen.add(l.body().id());
      ModuloSchedule s = TestScheduler.schedule(l, ii, spread);
      boolean done =
          peeling ? PeelingScheduleExpander.expand(f, s) : ModuloScheduleExpander.expand(f, s);
      if (done) {
        rewritten.incrementAndGet();
        synchronized (stages) {
          stages.add(s.numStages());
        }
      }
      changed |= done;
    }
  }

  /** How many loops were rewritten. */
  int rewritten() {
    return rewritten.get();
  }

  /** The stage counts ({@code numStages}) of the loops rewritten. */
  Set<Integer> stages() {
    synchronized (stages) {
      return Set.copyOf(stages);
    }
  }
}
