package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.Guard;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** Copies body instructions into the generated blocks: sources renamed, results fresh. */
final class InstrCopier {
  private InstrCopier() {}

  /**
   * Appends to {@code to} a copy of {@code i} reading {@code rename(r)} for every register {@code
   * r} it reads (the guard's predicate included), with fresh results; returns the copy.
   */
  static MachineInstr copy(
      MachineFunction f, MachineBlock to, MachineInstr i, UnaryOperator<VReg> rename) {
    List<VReg> defs = new ArrayList<>();
    i.defs().forEach(d -> defs.add(f.newVReg(f.regClass(d))));
    MachineInstr c = renamed(i, rename).withDefs(defs);
    to.add(c);
    return c;
  }

  /** {@code i} reading {@code rename(r)} for every register {@code r} it reads. */
  static MachineInstr renamed(MachineInstr i, UnaryOperator<VReg> rename) {
    List<MOperand> uses = new ArrayList<>();
    for (MOperand o : i.uses()) {
      uses.add(o instanceof MOperand.Reg r ? new MOperand.Reg(rename.apply(r.reg())) : o);
    }
    Guard g = i.guard();
    return i.withUses(uses)
        .withGuard(g == null ? null : new Guard(rename.apply(g.predicate()), g.negated()));
  }

  /**
   * Ends {@code b} with the loop's exit test on {@code predicate}: to {@code exitTo} when the
   * iteration is the last, else to {@code stayTo}, keeping the body's guard polarity.
   */
  static void exitTest(
      MachineBlock b, LoopShape l, VReg predicate, MachineBlock exitTo, MachineBlock stayTo) {
    MachineInstr g = l.guardedBranch;
    MachineBlock first = l.guardedBranchExits ? exitTo : stayTo;
    MachineBlock second = l.guardedBranchExits ? stayTo : exitTo;
    b.add(
        new MachineInstr(
            MoveOpcodes.BRA,
            List.of(),
            List.of(new MOperand.BlockRef(first.id())),
            new Guard(predicate, g.guard().negated()),
            g.line()));
    b.add(branch(second, g.line()));
  }

  /** {@code BRA to}. */
  static MachineInstr branch(MachineBlock to, int line) {
    return MachineInstr.of(
        MoveOpcodes.BRA, List.of(), List.of(new MOperand.BlockRef(to.id())), line);
  }

  /** {@code d = PHI v0, b0, v1, b1, ...}. */
  static MachineInstr phi(VReg d, List<VReg> values, List<MachineBlock> from) {
    List<MOperand> uses = new ArrayList<>();
    for (int k = 0; k < values.size(); k++) {
      uses.add(new MOperand.Reg(values.get(k)));
      uses.add(new MOperand.BlockRef(from.get(k).id()));
    }
    return MachineInstr.of(MoveOpcodes.PHI, List.of(d), uses, 0);
  }
}
