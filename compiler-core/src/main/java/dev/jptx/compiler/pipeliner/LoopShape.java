package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the code generators need to know about a scheduled loop, checked once before anything is
 * rewritten: the body's PHIs with their entry and back-edge values, the scheduled instructions in
 * issue order, the exit branch, and the body values used after the loop. {@link #of} returns null
 * for a loop the generators do not support, so that they can give up without having changed the
 * function.
 */
final class LoopShape {
  final MachineFunction f;
  final ModuloSchedule schedule;
  final MachineBlock body;
  final MachineBlock entry;
  final MachineBlock exit;

  /** The index of the last stage, {@code K}. */
  final int lastStage;

  /** The scheduled instructions' indices in the order one kernel trip issues them. */
  final List<Integer> issueOrder;

  /** The guarded branch that ends the body, and whether it (not the final BRA) leaves the loop. */
  final MachineInstr guardedBranch;

  final boolean guardedBranchExits;

  private final Map<VReg, MachineInstr> phis = new HashMap<>();
  private final Map<VReg, Integer> defIndex = new HashMap<>();
  private final Set<VReg> liveOut = new LinkedHashSet<>();

  private LoopShape(MachineFunction f, ModuloSchedule s) {
    this.f = f;
    this.schedule = s;
    this.body = s.loop().body();
    this.entry = s.loop().entry();
    this.exit = s.loop().exit();
    this.lastStage = s.numStages();
    List<MachineInstr> is = body.instrs();
    this.guardedBranch = is.get(is.size() - 2);
    this.guardedBranchExits = target(guardedBranch) == exit.id();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < is.size() - 2; i++) {
      MachineInstr mi = is.get(i);
      if (mi.opcode() == MoveOpcodes.PHI) {
        phis.put(mi.defs().get(0), mi);
      } else {
        order.add(i);
        mi.defs().forEach(d -> defIndex.put(d, order.get(order.size() - 1)));
      }
    }
    // Within one trip a value flows from a higher stage (an older iteration) to a lower one, or
    // within a stage in body order: so issue by cycle in the II, then older stage, then body order.
    order.sort(
        Comparator.<Integer>comparingInt(i -> s.cycle(i) % s.ii())
            .thenComparing(i -> -s.stage(i))
            .thenComparing(i -> i));
    this.issueOrder = List.copyOf(order);
  }

  /** The shape of {@code s}'s loop in {@code f}, or null if the generators cannot rewrite it. */
  static LoopShape of(MachineFunction f, ModuloSchedule s) {
    PipelineLoop l = s.loop();
    List<MachineInstr> is = l.body().instrs();
    if (!f.isSsa() || s.numStages() < 1 || is.size() < 3 || !f.blocks().contains(l.body())) {
      return null;
    }
    MachineInstr guarded = is.get(is.size() - 2);
    MachineInstr last = is.get(is.size() - 1);
    int self = l.body().id();
    int out = l.exit().id();
    if (guarded.opcode() != MoveOpcodes.BRA
        || guarded.guard() == null
        || last.opcode() != MoveOpcodes.BRA
        || !Set.of(self, out).equals(Set.of(target(guarded), target(last)))) {
      return null;
    }
    for (int i = 0; i < is.size() - 2; i++) {
      MachineInstr mi = is.get(i);
      boolean phi = mi.opcode() == MoveOpcodes.PHI;
      if (mi.opcode().isTerminator() || phi == s.scheduled(i)) {
        return null;
      }
      if (phi && (source(mi, l.entry()) == null || source(mi, l.body()) == null)) {
        return null;
      }
    }
    LoopShape shape = new LoopShape(f, s);
    if (!shape.controlSliceComputable()) {
      return null;
    }
    shape.findLiveOuts();
    return shape;
  }

  /**
   * The guard chain evaluates the control slice ahead of the loop, iteration after iteration: every
   * register it reads must be invariant, defined by the slice, or a PHI whose back-edge value is
   * one of these, and the slice must sit in stage 0.
   */
  private boolean controlSliceComputable() {
    Set<Integer> control = new HashSet<>(schedule.loop().control());
    for (int c : control) {
      if (!schedule.scheduled(c) || schedule.stage(c) != 0) {
        return false;
      }
    }
    List<VReg> needed = new ArrayList<>(guardedBranch.usedRegs());
    control.forEach(c -> needed.addAll(body.instrs().get(c).usedRegs()));
    Set<VReg> seen = new HashSet<>();
    while (!needed.isEmpty()) {
      VReg r = needed.remove(needed.size() - 1);
      if (!seen.add(r)) {
        continue;
      }
      if (isPhi(r)) {
        needed.add(backEdge(r));
      } else if (isBodyDef(r) && !control.contains(defIndex.get(r))) {
        return false;
      }
    }
    return true;
  }

  /** Finds the body values used outside the body (by the exit's PHIs, or dominated by the exit). */
  private void findLiveOuts() {
    for (MachineBlock b : f.blocks()) {
      if (b == body) {
        continue;
      }
      for (MachineInstr i : b.instrs()) {
        for (VReg r : i.usedRegs()) {
          if (isPhi(r) || isBodyDef(r)) {
            liveOut.add(r);
          }
        }
      }
    }
  }

  /** The instruction at {@code index} of the body. */
  MachineInstr instr(int index) {
    return body.instrs().get(index);
  }

  boolean isPhi(VReg r) {
    return phis.containsKey(r);
  }

  /** True if a scheduled instruction of the body defines {@code r}. */
  boolean isBodyDef(VReg r) {
    return defIndex.containsKey(r);
  }

  /** The stage of the instruction defining {@code r}. */
  int defStage(VReg r) {
    return schedule.stage(defIndex.get(r));
  }

  /** The value PHI {@code d} has in the first iteration. */
  VReg init(VReg d) {
    return source(phis.get(d), entry);
  }

  /** The value PHI {@code d} takes from the previous iteration. */
  VReg backEdge(VReg d) {
    return source(phis.get(d), body);
  }

  /** The body's PHIs, in order. */
  List<MachineInstr> phiInstrs() {
    return body.instrs().stream().filter(i -> i.opcode() == MoveOpcodes.PHI).toList();
  }

  boolean isControl(int index) {
    return schedule.loop().control().contains(index);
  }

  /** The body values (PHIs' and instructions' results) read outside the body, in a fixed order. */
  List<VReg> liveOuts() {
    return List.copyOf(liveOut);
  }

  /** The guarded branch's predicate. */
  VReg exitPredicate() {
    return guardedBranch.guard().predicate();
  }

  static int target(MachineInstr branch) {
    return ((MOperand.BlockRef) branch.uses().get(0)).block();
  }

  private static VReg source(MachineInstr phi, MachineBlock from) {
    for (int k = 0; k + 1 < phi.uses().size(); k += 2) {
      if (phi.uses().get(k + 1) instanceof MOperand.BlockRef b
          && b.block() == from.id()
          && phi.uses().get(k) instanceof MOperand.Reg r) {
        return r.reg();
      }
    }
    return null;
  }
}
