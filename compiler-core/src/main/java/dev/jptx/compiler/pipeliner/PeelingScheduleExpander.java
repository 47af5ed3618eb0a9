package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The experimental code generator behind {@code pipeliner-experimental-cg} (seed: the peeling
 * generator, LLVM's {@code PeelingModuloScheduleExpander} idea). Unlike the default generator
 * ({@link ModuloScheduleExpander}) it keeps no copy of the original loop and evaluates nothing
 * speculatively: the kernel ({@link KernelBuilder}) is written first, then {@code K} prolog steps
 * are peeled off its front, each a block ending with its newest iteration's own exit test; a loop
 * that ends in prolog step {@code p} ({@code N = p + 1 <= K}) drains through an epilog of its own,
 * peeled per stage: step {@code e} keeps only the stages whose iteration exists. The kernel's exit
 * leads to the full epilog. A join merges the values used after the loop from all {@code K + 1}
 * drains. Requires SSA machine IR; keeps it.
 */
public final class PeelingScheduleExpander {
  private PeelingScheduleExpander() {}

  /**
   * Rewrites the schedule's loop in {@code f} as prolog, kernel and epilogs; returns false,
   * changing nothing, if it cannot (as {@link ModuloScheduleExpander#expand}).
   *
   * @throws IllegalArgumentException if the schedule reads a value before it is computed
   */
  public static boolean expand(MachineFunction f, ModuloSchedule s) {
    LoopShape l = LoopShape.of(f, s);
    if (l == null) {
      return false;
    }
    int k = l.lastStage;
    int line = l.guardedBranch.line();
    List<MachineBlock> prologs = new ArrayList<>();
    List<MachineBlock> drains = new ArrayList<>();
    for (int p = 0; p <= k; p++) {
      prologs.add(p < k ? f.addBlock() : null);
      drains.add(f.addBlock());
    }
    MachineBlock kernel = f.addBlock();
    IterationValues prolog = new IterationValues(l, 0);
    for (int p = 0; p < k; p++) {
      MachineBlock b = prologs.get(p);
      for (int index : l.issueOrder) {
        int stage = l.schedule.stage(index);
        if (stage <= p) {
          prolog.emit(b, l.instr(index), p - stage, null);
        }
      }
      MachineBlock next = p + 1 < k ? prologs.get(p + 1) : kernel;
      VReg last = prolog.get(l.exitPredicate(), p, null);
      InstrCopier.exitTest(b, l, last, drains.get(p), next);
    }
    KernelBuilder kb = new KernelBuilder(l, kernel);
    kb.writeTrip();
    InstrCopier.exitTest(kernel, l, kb.value(l.exitPredicate(), 0), drains.get(k), kernel);
    List<Map<VReg, VReg>> outs = new ArrayList<>();
    for (int p = 0; p < k; p++) {
      outs.add(drainEarly(l, drains.get(p), p, prolog));
    }
    outs.add(EpilogWriter.write(l, drains.get(k), kb));
    Map<KernelBuilder.Lagged, VReg> entry = new HashMap<>();
    for (KernelBuilder.Lagged key : kb.closePhis()) {
      entry.put(key, prolog.get(key.reg(), k - key.lag(), null));
    }
    kb.finish(prologs.get(k - 1), entry);
    MachineBlock join = LoopExitJoin.add(l, drains, outs, line);
    drains.forEach(d -> d.add(InstrCopier.branch(join, line)));
    LoopExitJoin.retarget(l.entry, l.body, prologs.get(0));
    List<MachineBlock> order = new ArrayList<>();
    for (MachineBlock b : f.blocks()) {
      if (b == l.body) {
        order.addAll(prologs.subList(0, k));
        order.add(kernel);
        order.addAll(drains);
        order.add(join);
      } else if (b.id() < prologs.get(0).id()) {
        order.add(b);
      }
    }
    f.setLayout(order);
    return true;
  }

  /**
   * The drain of a loop whose last iteration is {@code p < K}: step {@code e} issues stage {@code s
   * >= e} of iteration {@code p + e - s} where that iteration exists; returns the live-outs.
   */
  private static Map<VReg, VReg> drainEarly(
      LoopShape l, MachineBlock drain, int p, IterationValues prolog) {
    IterationValues values = new IterationValues(l, 0);
    // only prolog steps 0..p lie on the way here
    IterationValues.Before before =
        (r, x) -> x + l.defStage(r) <= p ? prolog.get(r, x, null) : null;
    for (int e = 1; e <= l.lastStage; e++) {
      for (int index : l.issueOrder) {
        int stage = l.schedule.stage(index);
        if (stage >= e && p + e - stage >= 0) {
          values.emit(drain, l.instr(index), p + e - stage, before);
        }
      }
    }
    Map<VReg, VReg> out = new HashMap<>();
    l.liveOuts().forEach(r -> out.put(r, values.get(r, p, before)));
    return out;
  }
}
