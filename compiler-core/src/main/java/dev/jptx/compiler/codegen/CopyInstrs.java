package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.ConstraintFamily;
import dev.jptx.compiler.target.MoveOpcodes;

/**
 * Recognizes register-to-register copies: {@code COPY}, and a same-class {@code mov} of a register.
 */
public final class CopyInstrs {
  private CopyInstrs() {}

  /** The register {@code i} copies, or null if {@code i} is not an unguarded same-class copy. */
  public static VReg source(MachineFunction f, MachineInstr i) {
    boolean copyLike =
        i.opcode() == MoveOpcodes.COPY
            || (i.opcode().family() == ConstraintFamily.COPY
                && i.opcode().name().startsWith("MOV_"));
    if (!copyLike
        || i.guard() != null
        || i.defs().size() != 1
        || i.uses().size() != 1
        || !(i.uses().get(0) instanceof MOperand.Reg r)) {
      return null;
    }
    return f.regClass(r.reg()) == f.regClass(i.defs().get(0)) ? r.reg() : null;
  }
}
