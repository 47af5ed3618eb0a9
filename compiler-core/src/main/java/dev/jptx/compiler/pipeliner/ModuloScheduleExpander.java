package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The default code generator of modulo schedules (seed: "MachinePipeliner: Swing Modulo
 * Scheduling", code generation), modulo variable expansion in SSA form ("MVE"). With {@code K} the
 * schedule's last stage and {@code N} the loop's trip count, the loop becomes:
 *
 * <ol>
 *   <li>a chain of {@code K} guard blocks evaluating the loop-control slice of iterations {@code
 *       0..K-1} ahead of time (pure register arithmetic, so speculation is safe); the first that
 *       says "last iteration" ({@code N <= K}, too short to pipeline) branches to the original
 *       loop, kept as it was;
 *   <li>the prolog: step {@code p} issues stages {@code 0..p} of iterations {@code p..0};
 *   <li>the kernel ({@link KernelBuilder}), whose exit test is its stage-0 iteration's own, so it
 *       runs {@code N - K} times;
 *   <li>the epilog: step {@code e} issues stages {@code e..K} of the iterations still in flight;
 *   <li>a join block merging the values used after the loop from the epilog and from the original
 *       loop ({@link LoopExitJoin}).
 * </ol>
 *
 * Values crossing the kernel's back edge are carried by kernel PHIs instead of LLVM's unrolled
 * kernel with renamed registers ({@code ModuloScheduleExpanderMVE}); PHI elimination and the
 * coalescer make the rotation. Requires SSA machine IR; keeps it.
 */
public final class ModuloScheduleExpander {
  private ModuloScheduleExpander() {}

  /**
   * Rewrites the schedule's loop in {@code f} as prolog, kernel and epilog; returns false, changing
   * nothing, if it cannot (not SSA, fewer than two stages, a body not ending in a guarded branch
   * and a branch, or a control slice needing values from outside it).
   *
   * @throws IllegalArgumentException if the schedule reads a value before it is computed
   */
  public static boolean expand(MachineFunction f, ModuloSchedule s) {
    LoopShape l = LoopShape.of(f, s);
    if (l == null) {
      return false;
    }
    new ModuloScheduleExpander.Run(l).rewrite();
    return true;
  }

  /** The state of one rewrite. */
  private static final class Run {
    private final LoopShape l;
    private final MachineFunction f;
    private final int line;
    private final IterationValues prologValues;

    Run(LoopShape l) {
      this.l = l;
      this.f = l.f;
      this.line = l.guardedBranch.line();
      this.prologValues = new IterationValues(l, 0);
    }

    void rewrite() {
      int k = l.lastStage;
      MachineBlock originalPre = f.addBlock();
      List<MachineBlock> guards = new ArrayList<>();
      for (int t = 0; t < k; t++) {
        guards.add(f.addBlock());
      }
      MachineBlock prolog = f.addBlock();
      MachineBlock kernel = f.addBlock();
      MachineBlock epilog = f.addBlock();
      for (int t = 0; t < k; t++) {
        writeGuard(guards.get(t), t, originalPre, t + 1 < k ? guards.get(t + 1) : prolog);
      }
      writeProlog(prolog);
      prolog.add(InstrCopier.branch(kernel, line));
      KernelBuilder kb = new KernelBuilder(l, kernel);
      kb.writeTrip();
      InstrCopier.exitTest(kernel, l, kb.value(l.exitPredicate(), 0), epilog, kernel);
      Map<VReg, VReg> epilogOut = EpilogWriter.write(l, epilog, kb);
      Map<KernelBuilder.Lagged, VReg> entry = new HashMap<>();
      for (KernelBuilder.Lagged p : kb.closePhis()) {
        entry.put(p, prologValues.get(p.reg(), k - p.lag(), null));
      }
      kb.finish(prolog, entry);
      originalPre.add(InstrCopier.branch(l.body, line));
      Map<VReg, VReg> loopOut = new HashMap<>();
      l.liveOuts().forEach(r -> loopOut.put(r, r));
      MachineBlock join =
          LoopExitJoin.add(l, List.of(l.body, epilog), List.of(loopOut, epilogOut), line);
      epilog.add(InstrCopier.branch(join, line));
      LoopExitJoin.retarget(l.body, l.exit, join);
      LoopExitJoin.retarget(l.entry, l.body, guards.get(0));
      enterFrom(originalPre);
      List<MachineBlock> order = new ArrayList<>();
      for (MachineBlock b : f.blocks()) {
        if (b == l.body) {
          order.addAll(guards);
          order.addAll(List.of(prolog, kernel, epilog, originalPre, l.body, join));
        } else if (b.id() < originalPre.id()) {
          order.add(b);
        }
      }
      f.setLayout(order);
    }

    /** Guard {@code t}: iteration {@code t}'s control slice, then its exit test. */
    private void writeGuard(MachineBlock g, int t, MachineBlock tooShort, MachineBlock next) {
      for (int index : l.issueOrder) {
        if (l.isControl(index)) {
          prologValues.emit(g, l.instr(index), t, null);
        }
      }
      InstrCopier.exitTest(g, l, prologValues.get(l.exitPredicate(), t, null), tooShort, next);
    }

    /**
     * Step {@code p} issues stage {@code s} of iteration {@code p - s}; the guards did stage 0's
     * slice.
     */
    private void writeProlog(MachineBlock prolog) {
      for (int p = 0; p < l.lastStage; p++) {
        for (int index : l.issueOrder) {
          int stage = l.schedule.stage(index);
          if (stage <= p && !l.isControl(index)) {
            prologValues.emit(prolog, l.instr(index), p - stage, null);
          }
        }
      }
    }

    /** The original loop's PHIs take their entry values from {@code pre} instead of the entry. */
    private void enterFrom(MachineBlock pre) {
      List<MachineInstr> is = l.body.instrs();
      for (int k = 0; k < is.size(); k++) {
        MachineInstr i = is.get(k);
        if (!l.isPhi(i.defs().isEmpty() ? null : i.defs().get(0))) {
          continue;
        }
        List<MOperand> uses = new ArrayList<>(i.uses());
        for (int u = 1; u < uses.size(); u += 2) {
          if (uses.get(u) instanceof MOperand.BlockRef b && b.block() == l.entry.id()) {
            uses.set(u, new MOperand.BlockRef(pre.id()));
          }
        }
        is.set(k, i.withUses(uses));
      }
    }
  }
}
