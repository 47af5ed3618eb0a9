package dev.jptx.compiler.mir;

import dev.jptx.compiler.target.MachineOpcode;
import java.util.List;

/**
 * A machine instruction: an opcode of the target table, its results (registers) and sources, an
 * optional predicate guard, and the Java line it came from. Immutable; passes replace it.
 */
public record MachineInstr(
    MachineOpcode opcode, List<VReg> defs, List<MOperand> uses, Guard guard, int line) {
  /** Copies the lists. */
  public MachineInstr {
    defs = List.copyOf(defs);
    uses = List.copyOf(uses);
  }

  /** An unguarded instruction. */
  public static MachineInstr of(MachineOpcode op, List<VReg> defs, List<MOperand> uses, int line) {
    return new MachineInstr(op, defs, uses, null, line);
  }

  /** The registers read, including the guard's predicate. */
  public List<VReg> usedRegs() {
    java.util.ArrayList<VReg> regs = new java.util.ArrayList<>();
    for (MOperand o : uses) {
      if (o instanceof MOperand.Reg r) {
        regs.add(r.reg());
      }
    }
    if (guard != null) {
      regs.add(guard.predicate());
    }
    return regs;
  }

  /** This instruction with other sources. */
  public MachineInstr withUses(List<MOperand> newUses) {
    return new MachineInstr(opcode, defs, newUses, guard, line);
  }

  /** This instruction with other results. */
  public MachineInstr withDefs(List<VReg> newDefs) {
    return new MachineInstr(opcode, newDefs, uses, guard, line);
  }

  /** This instruction with another guard. */
  public MachineInstr withGuard(Guard g) {
    return new MachineInstr(opcode, defs, uses, g, line);
  }
}
