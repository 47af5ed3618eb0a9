package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.IntegerOpcodes;
import dev.jptx.compiler.target.OperandSpec;
import dev.jptx.compiler.target.RegisterClass;
import java.util.List;
import java.util.Map;

/**
 * The proof behind {@code pipeliner-prune-loop-carried}: two memory accesses of one iteration touch
 * no byte that the other touches in another iteration. Conservative: only the shape {@code a[i]} of
 * Java array code is recognised, both accesses through the same address register and offset, the
 * address {@code mad.wide.s32 i', k, base} with {@code base} defined outside the loop and {@code
 * i'} the induction variable {@code i} or {@code i + invariant}, and {@code i} stepped by a
 * constant {@code c} with {@code |k * c|} at least the width of each access. A 32-bit induction
 * variable does not repeat for 2^32 iterations, so the addresses of two iterations differ by a
 * non-zero multiple of {@code k * c}.
 */
final class IterationDisjoint {
  private IterationDisjoint() {}

  static boolean proven(
      MachineInstr a,
      MachineInstr b,
      List<MachineInstr> phis,
      Map<VReg, Integer> defs,
      DependenceGraph g) {
    if (a.uses().size() < 2
        || b.uses().size() < 2
        || !a.uses().get(0).equals(b.uses().get(0))
        || !a.uses().get(1).equals(b.uses().get(1))
        || !(a.uses().get(0) instanceof MOperand.Reg addr)) {
      return false;
    }
    Integer d = defs.get(addr.reg());
    if (d == null || g.instr(d).opcode() != IntegerOpcodes.MAD_WIDE_S32) {
      return false;
    }
    MachineInstr mad = g.instr(d);
    if (!(mad.uses().get(1) instanceof MOperand.Imm scale)
        || !(mad.uses().get(2) instanceof MOperand.Reg base)
        || defs.containsKey(base.reg())
        || isPhi(base.reg(), phis)
        || !(mad.uses().get(0) instanceof MOperand.Reg index)) {
      return false;
    }
    Long step = inductionStep(index.reg(), phis, defs, g);
    if (step == null || step == 0) {
      return false;
    }
    long stride = Math.abs(scale.bits() * step);
    return width(a) <= stride && width(b) <= stride;
  }

  /** The step of the induction variable {@code r} is, or is an invariant offset of; else null. */
  private static Long inductionStep(
      VReg r, List<MachineInstr> phis, Map<VReg, Integer> defs, DependenceGraph g) {
    Integer d = defs.get(r);
    if (d != null && g.instr(d).opcode() == IntegerOpcodes.ADD_S32) {
      MachineInstr add = g.instr(d);
      for (int k = 0; k < 2; k++) {
        MOperand other = add.uses().get(1 - k);
        if (add.uses().get(k) instanceof MOperand.Reg p
            && isPhi(p.reg(), phis)
            && (other instanceof MOperand.Imm
                || other instanceof MOperand.Reg o
                    && !defs.containsKey(o.reg())
                    && !isPhi(o.reg(), phis))) {
          return phiStep(p.reg(), phis, defs, g);
        }
      }
      return null;
    }
    return phiStep(r, phis, defs, g);
  }

  private static Long phiStep(
      VReg r, List<MachineInstr> phis, Map<VReg, Integer> defs, DependenceGraph g) {
    for (MachineInstr phi : phis) {
      if (!phi.defs().get(0).equals(r)) {
        continue;
      }
      Integer d = DependenceGraphBuilder.backEdgeDef(phi, defs);
      if (d == null || g.instr(d).opcode() != IntegerOpcodes.ADD_S32) {
        return null;
      }
      MachineInstr add = g.instr(d);
      if (add.uses().get(0) instanceof MOperand.Reg p
          && p.reg().equals(r)
          && add.uses().get(1) instanceof MOperand.Imm c) {
        return c.bits();
      }
      return null;
    }
    return null;
  }

  private static boolean isPhi(VReg r, List<MachineInstr> phis) {
    return phis.stream().anyMatch(p -> p.defs().get(0).equals(r));
  }

  /** The bytes an access moves, from its row's register classes (an upper bound for u8/u16). */
  private static int width(MachineInstr mi) {
    int bits = 0;
    for (RegisterClass c : mi.opcode().defs()) {
      bits += c.bits();
    }
    List<OperandSpec> uses = mi.opcode().uses();
    for (int i = 2; i < uses.size(); i++) {
      if (uses.get(i).registerClass() != null) {
        bits += uses.get(i).registerClass().bits();
      }
    }
    return bits / 8;
  }
}
