package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.Guard;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Rewrites the readers of registers on SSA machine IR: the peephole passes' shared edit. */
final class RegisterUses {
  private RegisterUses() {}

  /**
   * Makes every reader of a key of {@code replace} read its value instead, sources and guards
   * alike, following chains ({@code a -> b -> c} reads {@code c}); PHI operands only if {@code
   * phis}. Returns true if anything changed.
   */
  static boolean replace(MachineFunction f, Map<VReg, VReg> replace, boolean phis) {
    if (replace.isEmpty()) {
      return false;
    }
    boolean changed = false;
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> instrs = b.instrs();
      for (int k = 0; k < instrs.size(); k++) {
        MachineInstr i = instrs.get(k);
        if (i.opcode() == MoveOpcodes.PHI && !phis) {
          continue;
        }
        MachineInstr r = rewritten(i, replace);
        if (r != i) {
          instrs.set(k, r);
          changed = true;
        }
      }
    }
    return changed;
  }

  /** {@code i} reading through {@code replace}, or {@code i} itself if it reads none of it. */
  static MachineInstr rewritten(MachineInstr i, Map<VReg, VReg> replace) {
    List<MOperand> uses = new ArrayList<>(i.uses().size());
    boolean changed = false;
    for (MOperand o : i.uses()) {
      if (o instanceof MOperand.Reg r && replace.containsKey(r.reg())) {
        uses.add(new MOperand.Reg(resolve(r.reg(), replace)));
        changed = true;
      } else {
        uses.add(o);
      }
    }
    Guard g = i.guard();
    if (g != null && replace.containsKey(g.predicate())) {
      g = new Guard(resolve(g.predicate(), replace), g.negated());
      changed = true;
    }
    return changed ? new MachineInstr(i.opcode(), i.defs(), uses, g, i.line()) : i;
  }

  /** The end of {@code r}'s chain in {@code replace}. */
  static VReg resolve(VReg r, Map<VReg, VReg> replace) {
    VReg s = r;
    for (int n = 0; n <= replace.size() && replace.containsKey(s); n++) {
      s = replace.get(s);
    }
    return s;
  }
}
