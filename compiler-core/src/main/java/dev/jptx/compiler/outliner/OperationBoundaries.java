package dev.jptx.compiler.outliner;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.JavaOperationParts;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Java operations that take several instructions whose parts must stay in one function: a
 * conversion from floating point to {@code int} or {@code long} is a {@code cvt.rzi} and the {@code
 * selp} that maps NaN to 0 (except {@code f32} to a 32-bit integer), and a shift by a register is
 * the {@code and} that masks the count and the shift. Each part alone would be correct code, but
 * the PTX lint checks such pairs within a function (its {@code nan-select} and {@code shift-mask}
 * rules): a sequence is left alone if a call would pass an unselected conversion, or a shift count,
 * in or out.
 */
final class OperationBoundaries {
  private OperationBoundaries() {}

  /**
   * True if outlining {@code seq}, which reads {@code inputs} and leaves {@code results} (registers
   * of its caller), after {@code before} (the instructions ahead of it in its block) would split an
   * operation.
   */
  static boolean splits(
      List<MachineInstr> seq, List<MachineInstr> before, List<VReg> inputs, List<VReg> results) {
    Set<VReg> written = new HashSet<>();
    for (MachineInstr i : seq) {
      if (isShift(i) && i.uses().get(1) instanceof MOperand.Reg c && !written.contains(c.reg())) {
        return true; // the count comes from the caller
      }
      written.addAll(i.defs());
    }
    for (VReg r : results) {
      MachineInstr d = lastDefinition(seq, r);
      if (d != null && (needsSelect(d) || isMask(d))) {
        return true;
      }
    }
    for (VReg r : inputs) {
      MachineInstr d = lastDefinition(before, r);
      if (d != null && needsSelect(d)) {
        return true;
      }
    }
    return false;
  }

  private static MachineInstr lastDefinition(List<MachineInstr> is, VReg r) {
    for (int k = is.size() - 1; k >= 0; k--) {
      if (is.get(k).defs().contains(r)) {
        return is.get(k);
      }
    }
    return null;
  }

  private static boolean isShift(MachineInstr i) {
    return JavaOperationParts.SHIFTS.contains(i.opcode()) && i.uses().size() == 2;
  }

  /** An {@code and} with a constant below 64: a shift count's mask, maybe. */
  private static boolean isMask(MachineInstr i) {
    if (!JavaOperationParts.MASKS.contains(i.opcode())) {
      return false;
    }
    for (MOperand o : i.uses()) {
      if (o instanceof MOperand.Imm imm && imm.bits() >= 0 && imm.bits() < 64) {
        return true;
      }
    }
    return false;
  }

  /** A {@code cvt.rzi} whose NaN result must be selected to 0. */
  private static boolean needsSelect(MachineInstr i) {
    return JavaOperationParts.NAN_SELECTED_CONVERSIONS.contains(i.opcode());
  }
}
