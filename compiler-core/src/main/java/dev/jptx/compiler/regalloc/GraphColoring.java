package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.InterferenceGraph;
import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Gives each virtual register a register of its class, as few per class as it can: greedy coloring
 * of the interference graph in the order registers are first defined along a reverse post-order of
 * the blocks. On SSA-shaped code this order is a perfect elimination order (an interfering register
 * colored earlier is defined at a dominating point and live here, so the earlier neighbors form a
 * clique), and the greedy choice uses no more registers than are live at once; after PHI
 * elimination it stays close to that.
 */
final class GraphColoring {
  private GraphColoring() {}

  /** Per register id, its register within its class; -1 for ids no instruction names. */
  static int[] color(MachineFunction f) {
    InterferenceGraph g = InterferenceGraph.of(f, Liveness.of(f));
    int[] color = new int[f.vregCount()];
    Arrays.fill(color, -1);
    for (int r : definitionOrder(f)) {
      BitSet taken = new BitSet();
      for (int n : g.neighbors(r)) {
        if (color[n] >= 0 && f.regClass(new VReg(n)) == f.regClass(new VReg(r))) {
          taken.set(color[n]);
        }
      }
      color[r] = taken.nextClearBit(0);
    }
    return color;
  }

  /** Every register named in {@code f}, in order of first definition (reads last, if never set). */
  private static Set<Integer> definitionOrder(MachineFunction f) {
    Set<MachineBlock> order = new LinkedHashSet<>(MachineDominatorTree.of(f).reversePostOrder());
    order.addAll(f.blocks());
    Set<Integer> defined = new LinkedHashSet<>();
    Set<Integer> readOnly = new LinkedHashSet<>();
    for (MachineBlock b : order) {
      for (MachineInstr i : b.instrs()) {
        i.usedRegs().forEach(u -> readOnly.add(u.id()));
        i.defs().forEach(d -> defined.add(d.id()));
      }
    }
    defined.addAll(readOnly);
    return defined;
  }
}
