package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PHI elimination (seed: machine-passes.md, phi-node-elimination) by the conventional method: each
 * {@code %d = PHI %a, bbA, %b, bbB} gets a fresh register {@code %t}; every predecessor copies its
 * incoming value into {@code %t} before its branches, and the block starts with {@code %d = COPY
 * %t}. Copying through {@code %t} keeps the parallel semantics of the PHIs of one block (no lost
 * copy, no swap problem) and is correct on critical edges, because {@code %t} is read only at the
 * top of the PHI's block. Coalescing removes the copies that turn out redundant. Requires SSA;
 * leaves the function out of SSA.
 */
public final class PhiElimination implements MachinePass {
  @Override
  public String name() {
    return "phi-node-elimination";
  }

  @Override
  public boolean run(MachineFunction f) {
    Map<MachineBlock, List<MachineInstr>> atStart = new LinkedHashMap<>();
    Map<MachineBlock, List<MachineInstr>> beforeBranches = new LinkedHashMap<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : List.copyOf(b.instrs())) {
        if (i.opcode() != MoveOpcodes.PHI) {
          continue;
        }
        b.instrs().remove(i);
        VReg d = i.defs().get(0);
        VReg t = f.newVReg(f.regClass(d));
        for (int k = 0; k < i.uses().size(); k += 2) {
          MachineBlock pred = f.block(((MOperand.BlockRef) i.uses().get(k + 1)).block());
          beforeBranches
              .computeIfAbsent(pred, x -> new ArrayList<>())
              .add(copy(t, i.uses().get(k)));
        }
        atStart.computeIfAbsent(b, x -> new ArrayList<>()).add(copy(d, new MOperand.Reg(t)));
      }
    }
    atStart.forEach((b, copies) -> b.instrs().addAll(0, copies));
    beforeBranches.forEach(PhiElimination::insertBeforeBranches);
    f.leaveSsa();
    return !atStart.isEmpty();
  }

  private static MachineInstr copy(VReg to, MOperand from) {
    return MachineInstr.of(MoveOpcodes.COPY, List.of(to), List.of(from), 0);
  }

  private static void insertBeforeBranches(MachineBlock b, List<MachineInstr> copies) {
    List<MachineInstr> is = b.instrs();
    int at = is.size();
    while (at > 0 && is.get(at - 1).opcode().isTerminator()) {
      at--;
    }
    is.addAll(at, copies);
  }
}
