package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.codegen.analysis.MachineLoopInfo;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Post-RA MachineLICM (seed: machine-passes.md, {@code machinelicm}, "Post-RA variant", knob {@code
 * disable-postra-machine-licm}): after register allocation, moves a loop-invariant {@link
 * MachineCse} candidate (including the constant moves that {@link MachineLicm} leaves in loops
 * because before allocation they would hold a register across the loop) into the loop's preheader
 * when that costs nothing: its register is defined exactly once in the loop, is not live into the
 * loop's header, is not read in the loop before that definition, and no register it reads is
 * defined in the loop. The register then held no other value anywhere in the loop, so keeping the
 * invariant value in it across the loop takes no register from anything else.
 *
 * <p>Loops are handled innermost first, so an instruction can leave a nest one level at a time; an
 * instruction whose sources were just hoisted can follow them. The seed's {@code
 * sink-insts-to-avoid-spills} trade is not needed: hoisting never lengthens a register's use here.
 * Choice where the seed is silent: a loop without a dedicated preheader (exactly one outside
 * predecessor of the header, whose only successor is the header) is skipped rather than given a new
 * block. Requires non-SSA machine IR (SSA input is left alone); preserves the CFG.
 */
public final class PostRaMachineLicm implements MachinePass {
  @Override
  public String name() {
    return "machinelicm";
  }

  @Override
  public boolean run(MachineFunction f) {
    if (f.blocks().isEmpty()) {
      return false;
    }
    MachineLoopInfo loops = MachineLoopInfo.of(f, MachineDominatorTree.of(f));
    List<MachineLoopInfo.Loop> innermostFirst = new ArrayList<>(loops.loops());
    innermostFirst.sort(Comparator.comparingInt(MachineLoopInfo.Loop::depth).reversed());
    // Liveness once for all loops: a hoist moves an instruction from a loop to the end of a
    // preheader whose only successor is the loop's header, and no register's liveness at the
    // entry of a header outside that loop changes (the moved definition was not live into the
    // header, so every path into the loop met it before a use; the moved sources are not defined
    // in the loop, so a path reaching the old use reaches the new one, and back). Within the loop,
    // the registers a later candidate defines are neither the moved result nor its sources.
    Liveness liveness = Liveness.of(f);
    List<List<MachineBlock>> preds = f.predecessors();
    Map<MachineBlock, Integer> position = new HashMap<>();
    f.blocks().forEach(b -> position.put(b, position.size()));
    boolean changed = false;
    for (MachineLoopInfo.Loop loop : innermostFirst) {
      MachineBlock pre = preheader(f, preds, loop);
      if (pre == null) {
        continue;
      }
      List<MachineBlock> blocks = new ArrayList<>(loop.blocks());
      blocks.removeIf(b -> !position.containsKey(b));
      blocks.sort(Comparator.comparingInt(position::get));
      BitSet headerIn = liveness.liveIn(loop.header());
      while (hoistOne(blocks, headerIn, pre)) {
        changed = true;
      }
    }
    return changed;
  }

  /**
   * Moves the first hoistable instruction of the loop made of {@code blocks} (in layout order) to
   * {@code pre}; false if none.
   */
  private static boolean hoistOne(List<MachineBlock> blocks, BitSet headerIn, MachineBlock pre) {
    Map<VReg, Integer> defCount = new HashMap<>();
    for (MachineBlock b : blocks) {
      for (MachineInstr i : b.instrs()) {
        for (VReg d : i.defs()) {
          defCount.merge(d, 1, Integer::sum);
        }
      }
    }
    for (MachineBlock b : blocks) {
      Set<VReg> readAbove = new HashSet<>();
      List<MachineInstr> is = b.instrs();
      for (int k = 0; k < is.size(); k++) {
        MachineInstr i = is.get(k);
        if (hoistable(i, defCount, headerIn, readAbove)) {
          is.remove(k);
          pre.instrs().add(MachineLicm.insertionPoint(pre), i);
          return true;
        }
        readAbove.addAll(i.usedRegs());
      }
    }
    return false;
  }

  private static boolean hoistable(
      MachineInstr i, Map<VReg, Integer> defCount, BitSet headerIn, Set<VReg> readAbove) {
    if (!MachineCse.isCandidate(i)) {
      return false;
    }
    VReg d = i.defs().get(0);
    if (defCount.get(d) != 1 || headerIn.get(d.id()) || readAbove.contains(d)) {
      return false;
    }
    for (VReg u : i.usedRegs()) {
      if (defCount.containsKey(u)) {
        return false;
      }
    }
    return true;
  }

  /** The header's one outside predecessor if the header is its only successor, else null. */
  private static MachineBlock preheader(
      MachineFunction f, List<List<MachineBlock>> preds, MachineLoopInfo.Loop loop) {
    MachineBlock pre = MachineLicm.preheader(preds, loop);
    if (pre == null) {
      return null;
    }
    List<MachineBlock> succ = f.successors(pre);
    return succ.size() == 1 && succ.get(0) == loop.header() ? pre : null;
  }
}
