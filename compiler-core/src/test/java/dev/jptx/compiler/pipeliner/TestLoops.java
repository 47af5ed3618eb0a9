package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Test-only loop finding for the code generators' tests (the pipeliner pass has its own): blocks
 * ending {@code @p BRA x; BRA y} with one target the block itself, entered from one other block.
 */
final class TestLoops {
  private TestLoops() {}

  /** The single-block loops of {@code f}, in layout order. */
  static List<PipelineLoop> find(MachineFunction f) {
    List<List<MachineBlock>> preds = f.predecessors();
    List<PipelineLoop> loops = new ArrayList<>();
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> is = b.instrs();
      if (is.size() < 3) {
        continue;
      }
      MachineInstr g = is.get(is.size() - 2);
      MachineInstr last = is.get(is.size() - 1);
      if (g.opcode() != MoveOpcodes.BRA || g.guard() == null || last.opcode() != MoveOpcodes.BRA) {
        continue;
      }
      int t1 = LoopShape.target(g);
      int t2 = LoopShape.target(last);
      List<MachineBlock> outside = new ArrayList<>(preds.get(b.id()));
      outside.remove(b);
      if ((t1 == b.id()) == (t2 == b.id()) || outside.size() != 1 || outside.get(0) == b) {
        continue;
      }
      MachineBlock exit = f.block(t1 == b.id() ? t2 : t1);
      loops.add(new PipelineLoop(b, outside.get(0), exit, control(b)));
    }
    return loops;
  }

  /** The instructions the exit predicate depends on within one iteration. */
  static List<Integer> control(MachineBlock b) {
    List<MachineInstr> is = b.instrs();
    Map<VReg, Integer> def = new HashMap<>();
    for (int i = 0; i < is.size() - 2; i++) {
      if (is.get(i).opcode() != MoveOpcodes.PHI) {
        for (VReg d : is.get(i).defs()) {
          def.put(d, i);
        }
      }
    }
    TreeSet<Integer> slice = new TreeSet<>();
    List<VReg> work = new ArrayList<>(is.get(is.size() - 2).usedRegs());
    while (!work.isEmpty()) {
      Integer i = def.get(work.remove(work.size() - 1));
      if (i != null && slice.add(i)) {
        work.addAll(is.get(i).usedRegs());
      }
    }
    return List.copyOf(slice);
  }

  /** The register a PHI takes from {@code from}. */
  static VReg source(MachineInstr phi, MachineBlock from) {
    for (int k = 0; k < phi.uses().size(); k += 2) {
      if (((MOperand.BlockRef) phi.uses().get(k + 1)).block() == from.id()) {
        return ((MOperand.Reg) phi.uses().get(k)).reg();
      }
    }
    return null;
  }
}
