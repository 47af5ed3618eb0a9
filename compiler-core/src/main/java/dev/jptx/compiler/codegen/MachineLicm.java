package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.codegen.analysis.MachineLoopInfo;
import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * EarlyMachineLICM (seed: machine-passes.md, pre-RA machine passes): on SSA machine IR, moves an
 * instruction out of a loop into its preheader when every register it reads is defined outside the
 * loop (or by an instruction already moved) and it is a {@link MachineCse} candidate (no effect, no
 * guard, one result, not a memory access). What it finds is what instruction selection and
 * legalization put into loops after the IR's LICM ran: the {@code and.b32 %n, 31} of a Java shift
 * by an invariant count, the {@code setp} of a division's divisor test. An instruction that reads
 * no register (a {@code mov} of an immediate, {@code atomicAdd(h, b, 1)}'s 1) stays in the loop:
 * ptxas materializes constants where they are used at no cost, and hoisted it held a register
 * across the loop (histogram256 took 10 registers instead of 9). PTX's arithmetic never traps, so
 * running an instruction the loop might not have run is safe.
 *
 * <p>Loops are handled innermost first; a loop entered from more than one outside block is left
 * alone. The instructions go to the end of the outside predecessor, before its branches. Each move
 * is checked with {@link RegisterPressure}: it is undone if the function's data registers (32-bit
 * units) or predicates then exceed {@link MachineCse}'s targets and what they were. Requires SSA;
 * preserves the CFG.
 */
public final class MachineLicm implements MachinePass {
  @Override
  public String name() {
    return "early-machinelicm";
  }

  @Override
  public boolean run(MachineFunction f) {
    if (f.blocks().isEmpty()) {
      return false;
    }
    MachineDominatorTree dom = MachineDominatorTree.of(f);
    MachineLoopInfo loops = MachineLoopInfo.of(f, dom);
    List<MachineLoopInfo.Loop> innermostFirst = new ArrayList<>(loops.loops());
    innermostFirst.sort(Comparator.comparingInt(MachineLoopInfo.Loop::depth).reversed());
    RegisterPressure pressure = null;
    // hoisting keeps the CFG: the predecessors, the block order and each register's defining
    // block (updated as instructions move) are found once for all loops
    List<List<MachineBlock>> preds = f.predecessors();
    Map<MachineBlock, Integer> rpo = new HashMap<>();
    dom.reversePostOrder().forEach(b -> rpo.put(b, rpo.size()));
    Map<VReg, MachineBlock> defBlock = new HashMap<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        for (VReg d : i.defs()) {
          defBlock.put(d, b);
        }
      }
    }
    boolean changed = false;
    for (MachineLoopInfo.Loop loop : innermostFirst) {
      MachineBlock pre = preheader(preds, loop);
      if (pre == null) {
        continue;
      }
      if (pressure == null) {
        pressure = RegisterPressure.of(f);
      }
      // the loop's blocks in reverse post-order, so a definition is seen before its readers
      List<MachineBlock> blocks = new ArrayList<>();
      for (MachineBlock b : loop.blocks()) {
        if (rpo.containsKey(b)) {
          blocks.add(b);
        }
      }
      blocks.sort(Comparator.comparingInt(rpo::get));
      changed |= hoist(f, loop, blocks, pre, pressure, defBlock);
    }
    return changed;
  }

  private static boolean hoist(
      MachineFunction f,
      MachineLoopInfo.Loop loop,
      List<MachineBlock> blocks,
      MachineBlock pre,
      RegisterPressure pressure,
      Map<VReg, MachineBlock> defBlock) {
    PressureBudget budget = PressureBudget.of(f, true, true);
    Set<VReg> hoisted = new HashSet<>();
    boolean changed = false;
    for (MachineBlock b : blocks) {
      int k = 0;
      while (k < b.instrs().size()) {
        MachineInstr i = b.instrs().get(k);
        if (!isInvariant(i, loop, defBlock, hoisted)) {
          k++;
          continue;
        }
        PressureBudget.Figures before = PressureBudget.Figures.of(pressure);
        b.instrs().remove(k);
        int at = insertionPoint(pre);
        pre.instrs().add(at, i);
        List<VReg> touched = new ArrayList<>(i.usedRegs());
        touched.addAll(i.defs());
        pressure.update(List.of(b, pre), touched);
        if (budget.exceeded(before, PressureBudget.Figures.of(pressure))) {
          pre.instrs().remove(at);
          b.instrs().add(k, i);
          pressure.update(List.of(b, pre), touched);
          k++;
          continue;
        }
        hoisted.add(i.defs().get(0));
        defBlock.put(i.defs().get(0), pre);
        changed = true;
      }
    }
    return changed;
  }

  private static boolean isInvariant(
      MachineInstr i,
      MachineLoopInfo.Loop loop,
      Map<VReg, MachineBlock> defBlock,
      Set<VReg> hoisted) {
    if (!MachineCse.isCandidate(i) || i.usedRegs().isEmpty()) {
      // an instruction of constants only (a mov of an immediate) stays: ptxas materializes it
      // where it is needed for free, and hoisted it would hold a register across the loop
      return false;
    }
    for (VReg u : i.usedRegs()) {
      MachineBlock d = defBlock.get(u);
      if (d == null || (loop.contains(d) && !hoisted.contains(u))) {
        return false;
      }
    }
    return true;
  }

  /** Before the preheader's branch (its last instruction). */
  static int insertionPoint(MachineBlock pre) {
    int at = pre.instrs().size();
    while (at > 0 && pre.instrs().get(at - 1).opcode() == MoveOpcodes.BRA) {
      at--;
    }
    return at;
  }

  /**
   * The loop's single outside predecessor. It may also branch elsewhere (the guard that loop
   * rotation leaves in front of a loop): what moves there then runs once even when the loop does
   * not, which is safe for these instructions and cheaper than once per iteration.
   */
  static MachineBlock preheader(List<List<MachineBlock>> preds, MachineLoopInfo.Loop loop) {
    MachineBlock pre = null;
    for (MachineBlock p : preds.get(loop.header().id())) {
      if (loop.contains(p)) {
        continue;
      }
      if (pre != null) {
        return null;
      }
      pre = p;
    }
    return pre;
  }
}
