package dev.jptx.compiler.emit;

import dev.jptx.compiler.mir.Guard;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Uses fall-through where the layout allows: machine IR ends every block with an explicit branch,
 * PTX does not need one to the next block, guarded or not.
 */
final class BranchLayout {
  private BranchLayout() {}

  /**
   * The block's instructions as printed, given the ids of the blocks that falling off its end
   * reaches: the next block in layout and, if that one prints nothing, the ones after it.
   */
  static List<MachineInstr> withFallThrough(List<MachineInstr> body, Set<Integer> next) {
    List<MachineInstr> out = new ArrayList<>(body);
    int n = out.size();
    if (n == 0 || !isBranch(out.get(n - 1))) {
      return out;
    }
    MachineInstr last = out.get(n - 1);
    if (next.contains(target(last))) {
      // a branch to the next block, guarded or not, is a no-op; so is one left before it. ptxas
      // 13 crashes on some CFGs with "@p bra L; L:" pairs, so none is printed.
      while (!out.isEmpty()
          && isBranch(out.get(out.size() - 1))
          && next.contains(target(out.get(out.size() - 1)))) {
        out.remove(out.size() - 1);
      }
      return out;
    }
    if (n >= 2 && out.get(n - 2).guard() != null && isBranch(out.get(n - 2))) {
      MachineInstr conditional = out.get(n - 2);
      if (next.contains(target(conditional))) {
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
