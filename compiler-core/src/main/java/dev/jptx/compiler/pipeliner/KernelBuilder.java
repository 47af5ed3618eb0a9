package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The kernel of a modulo schedule in SSA form: one trip issues stage {@code s} of iteration {@code
 * t - s} for every stage, where {@code t} is the trip's stage-0 iteration. A value read {@code L}
 * iterations behind {@code t} ("lag {@code L}") that an earlier trip computed arrives through a
 * kernel PHI, one per (register, lag): the SSA form of modulo variable expansion, whose register
 * rotation PHI elimination makes. Kernel PHIs are created on demand, also by the epilog after the
 * kernel is written, and {@link #finish} adds them with their back-edge values.
 */
final class KernelBuilder {
  /** A body register {@code reg} as of iteration {@code t - lag}. */
  record Lagged(VReg reg, int lag) {}

  private final LoopShape l;
  private final MachineBlock kernel;
  private final Map<VReg, VReg> tripDefs = new HashMap<>();
  private final Set<VReg> emitted = new HashSet<>();
  private final Map<Lagged, VReg> phis = new LinkedHashMap<>();
  private final List<Integer> stageOfCopy = new ArrayList<>();

  KernelBuilder(LoopShape l, MachineBlock kernel) {
    this.l = l;
    this.kernel = kernel;
  }

  /** Writes one trip's instructions, in issue order, to the kernel block. */
  void writeTrip() {
    for (int index : l.issueOrder) {
      MachineInstr i = l.instr(index);
      int stage = l.schedule.stage(index);
      MachineInstr c = InstrCopier.renamed(i, r -> value(r, stage));
      List<VReg> defs = new ArrayList<>();
      for (VReg d : i.defs()) {
        defs.add(tripDef(d));
        emitted.add(d);
      }
      kernel.add(c.withDefs(defs));
      stageOfCopy.add(stage);
    }
  }

  /** The stage of each instruction {@link #writeTrip} wrote, in order. */
  List<Integer> stages() {
    return List.copyOf(stageOfCopy);
  }

  /**
   * The name in the kernel of body register {@code r} as of iteration {@code t - lag}, valid from
   * the point of the trip where it is asked for to the end of the kernel block (and so in the
   * blocks the kernel's exit leads to).
   */
  VReg value(VReg r, int lag) {
    if (l.isPhi(r)) {
      VReg next = l.backEdge(r);
      if (l.isBodyDef(next) && l.defStage(next) == lag + 1) {
        return thisTrip(next);
      }
      // r of iteration t + 1 is its back-edge value of iteration t
      return lag == -1 ? value(next, 0) : phi(new Lagged(r, lag));
    }
    if (!l.isBodyDef(r)) {
      return r;
    }
    int stage = l.defStage(r);
    if (lag < stage) {
      throw new IllegalArgumentException(
          "the schedule reads " + r + " a stage before the stage that computes it");
    }
    return lag == stage ? thisTrip(r) : phi(new Lagged(r, lag));
  }

  private VReg thisTrip(VReg r) {
    if (!emitted.contains(r)) {
      throw new IllegalArgumentException(
          "the schedule reads " + r + " earlier in the kernel than it computes it");
    }
    return tripDef(r);
  }

  private VReg tripDef(VReg r) {
    return tripDefs.computeIfAbsent(r, x -> l.f.newVReg(l.f.regClass(x)));
  }

  private VReg phi(Lagged key) {
    return phis.computeIfAbsent(key, k -> l.f.newVReg(l.f.regClass(k.reg())));
  }

  /** The kernel PHIs so far, keyed by what they hold. */
  Map<Lagged, VReg> phis() {
    return phis;
  }

  /**
   * Adds the kernel PHIs at the top of the kernel: each takes {@code entry.get(key)} from {@code
   * pre} and, from the kernel itself, the value one lag lower at the end of the trip.
   */
  void finish(MachineBlock pre, Map<Lagged, VReg> entry) {
    List<MachineInstr> instrs = new ArrayList<>();
    for (Map.Entry<Lagged, VReg> p : phis.entrySet()) {
      Lagged k = p.getKey();
      VReg back = value(k.reg(), k.lag() - 1);
      instrs.add(InstrCopier.phi(p.getValue(), List.of(entry.get(k), back), List.of(pre, kernel)));
    }
    kernel.instrs().addAll(0, instrs);
  }

  /**
   * Every kernel PHI, including those the back-edge values of others need: call before asking for
   * entry values.
   */
  List<Lagged> closePhis() {
    List<Lagged> done = new ArrayList<>();
    while (done.size() < phis.size()) {
      Lagged k = new ArrayList<>(phis.keySet()).get(done.size());
      value(k.reg(), k.lag() - 1);
      done.add(k);
    }
    return done;
  }
}
