package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.codegen.analysis.MachineLoopInfo;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * MachineSink (seed: machine-passes.md, machine-sink; off on NVPTX unless {@code
 * nvptx-enable-machine-sink}): on SSA machine IR, moves an instruction down into the one successor
 * of its block that dominates every reader of its result, so that the paths that never read it
 * neither compute it nor hold its register. Only {@link MachineCse} candidates move (no memory
 * access, no effect, no guard, one result), never into a deeper loop, never for a result a PHI
 * reads (a PHI reads at the end of its predecessor), and the moved instruction goes to the top of
 * the successor, after its PHIs. Blocks are visited bottom-up (post-order of the dominator tree's
 * reverse post-order reversed) so that a chain can sink as a whole: readers first. Requires SSA.
 */
public final class MachineSink implements MachinePass {
  @Override
  public String name() {
    return "machine-sink";
  }

  @Override
  public boolean run(MachineFunction f) {
    MachineDominatorTree dom = MachineDominatorTree.of(f);
    MachineLoopInfo loops = MachineLoopInfo.of(f, dom);
    boolean changed = false;
    List<MachineBlock> order = new ArrayList<>(dom.reversePostOrder());
    for (int bi = order.size() - 1; bi >= 0; bi--) {
      MachineBlock b = order.get(bi);
      for (int k = b.instrs().size() - 1; k >= 0; k--) {
        MachineInstr i = b.instrs().get(k);
        if (!MachineCse.isCandidate(i)) {
          continue;
        }
        MachineBlock to = target(f, dom, loops, b, i.defs().get(0));
        if (to != null) {
          b.instrs().remove(k);
          int at = 0;
          while (at < to.instrs().size() && to.instrs().get(at).opcode() == MoveOpcodes.PHI) {
            at++;
          }
          to.instrs().add(at, i);
          changed = true;
        }
      }
    }
    return changed;
  }

  /** The successor of {@code b} to sink the definition of {@code r} into, or null. */
  private static MachineBlock target(
      MachineFunction f, MachineDominatorTree dom, MachineLoopInfo loops, MachineBlock b, VReg r) {
    Set<MachineBlock> readers = new HashSet<>();
    for (MachineBlock u : f.blocks()) {
      for (MachineInstr i : u.instrs()) {
        if (i.usedRegs().contains(r)) {
          if (i.opcode() == MoveOpcodes.PHI || u == b) {
            return null;
          }
          readers.add(u);
        }
      }
    }
    if (readers.isEmpty()) {
      return null;
    }
    Map<MachineBlock, Boolean> candidates = new HashMap<>();
    for (MachineBlock s : f.successors(b)) {
      boolean all = dom.dominates(b, s) && loops.depth(s) <= loops.depth(b);
      for (MachineBlock u : readers) {
        all &= dom.dominates(s, u);
      }
      candidates.put(s, all);
    }
    for (MachineBlock s : f.successors(b)) {
      if (candidates.get(s)) {
        return s;
      }
    }
    return null;
  }
}
