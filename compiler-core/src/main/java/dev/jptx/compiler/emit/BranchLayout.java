package dev.jptx.compiler.emit;

import dev.jptx.compiler.mir.Guard;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.List;

/**
 * Uses fall-through where the layout allows: machine IR ends every block with an explicit branch,
 * PTX does not need one to the next block.
 */
final class BranchLayout {
  private BranchLayout() {}

  /** The block's instructions as printed, given the id of the next block in layout (or -1). */
  static List<MachineInstr> withFallThrough(List<MachineInstr> body, int next) {
    List<MachineInstr> out = new ArrayList<>(body);
    int n = out.size();
    if (n == 0 || !isBranch(out.get(n - 1))) {
      return out;
    }
    MachineInstr last = out.get(n - 1);
    if (target(last) == next) {
      out.remove(n - 1);
      return out;
    }
    if (n >= 2 && out.get(n - 2).guard() != null && isBranch(out.get(n - 2))) {
      MachineInstr conditional = out.get(n - 2);
      if (target(conditional) == next) {
        // @p bra next; bra X  ==>  @!p bra X
        Guard g = conditional.guard();
        out.remove(n - 1);
        out.set(n - 2, last.withGuard(new Guard(g.predicate(), !g.negated())));
      }
    }
    return out;
  }

  private static boolean isBranch(MachineInstr i) {
    return i.opcode() == MoveOpcodes.BRA;
  }

  private static int target(MachineInstr branch) {
    return ((MOperand.BlockRef) branch.uses().get(0)).block();
  }
}
