package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The block where the rewritten loop's ways out meet before its exit: one PHI per body value used
 * after the loop, merging the last iteration's value from each way out. Every use after the loop
 * then reads the PHI, and the exit's PHIs name this block instead of the body.
 */
final class LoopExitJoin {
  private LoopExitJoin() {}

  /**
   * Adds the join block, entered from each of {@code froms} (their branches are the caller's), with
   * {@code values.get(k)} the live-out values on the way from {@code froms.get(k)}; rewrites the
   * uses after the loop. Returns the block.
   */
  static MachineBlock add(
      LoopShape l, List<MachineBlock> froms, List<Map<VReg, VReg>> values, int line) {
    MachineBlock join = l.f.addBlock();
    Map<VReg, VReg> merged = new HashMap<>();
    for (VReg r : l.liveOuts()) {
      VReg d = l.f.newVReg(l.f.regClass(r));
      List<VReg> in = new ArrayList<>();
      values.forEach(v -> in.add(v.get(r)));
      join.add(InstrCopier.phi(d, in, froms));
      merged.put(r, d);
    }
    join.add(InstrCopier.branch(l.exit, line));
    for (MachineBlock b : l.f.blocks()) {
      if (b == l.body || b == join) {
        continue;
      }
      List<MachineInstr> is = b.instrs();
      for (int k = 0; k < is.size(); k++) {
        MachineInstr i = InstrCopier.renamed(is.get(k), r -> merged.getOrDefault(r, r));
        is.set(k, b == l.exit ? fromJoin(i, l.body, join) : i);
      }
    }
    return join;
  }

  private static MachineInstr fromJoin(MachineInstr i, MachineBlock body, MachineBlock join) {
    if (i.opcode() != MoveOpcodes.PHI) {
      return i;
    }
    List<MOperand> uses = new ArrayList<>(i.uses());
    for (int k = 1; k < uses.size(); k += 2) {
      if (uses.get(k) instanceof MOperand.BlockRef b && b.block() == body.id()) {
        uses.set(k, new MOperand.BlockRef(join.id()));
      }
    }
    return i.withUses(uses);
  }

  /** Replaces every branch of {@code b} to {@code from} by one to {@code to}. */
  static void retarget(MachineBlock b, MachineBlock from, MachineBlock to) {
    List<MachineInstr> is = b.instrs();
    for (int k = 0; k < is.size(); k++) {
      MachineInstr i = is.get(k);
      if (i.opcode() == MoveOpcodes.BRA && LoopShape.target(i) == from.id()) {
        is.set(k, i.withUses(List.of(new MOperand.BlockRef(to.id()))));
      }
    }
  }
}
