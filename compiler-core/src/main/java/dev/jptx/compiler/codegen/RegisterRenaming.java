package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.Guard;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/** Renames every register an instruction names (results, sources, guard) by a map over ids. */
public final class RegisterRenaming {
  private RegisterRenaming() {}

  /** {@code i} with each register {@code %r} replaced by {@code %map(r)}. */
  public static MachineInstr rename(MachineInstr i, IntUnaryOperator map) {
    List<VReg> defs = new ArrayList<>();
    for (VReg d : i.defs()) {
      defs.add(new VReg(map.applyAsInt(d.id())));
    }
    List<MOperand> uses = new ArrayList<>();
    for (MOperand u : i.uses()) {
      uses.add(
          u instanceof MOperand.Reg r
              ? new MOperand.Reg(new VReg(map.applyAsInt(r.reg().id())))
              : u);
    }
    Guard g = i.guard();
    if (g != null) {
      g = new Guard(new VReg(map.applyAsInt(g.predicate().id())), g.negated());
    }
    return new MachineInstr(i.opcode(), defs, uses, g, i.line());
  }
}
