package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Dead machine instruction elimination (seed: machine-passes.md, dead-mi-elimination; knob {@code
 * disable-machine-dce}): removes instructions without side effects none of whose results is read,
 * by marking from the instructions with effects (stores, branches) through the registers they read.
 * Works in and out of SSA: a register is live if any of its definitions may reach a live reader, so
 * every definition of a live register is kept.
 */
public final class MachineDeadCodeElimination implements MachinePass {
  @Override
  public String name() {
    return "dead-mi-elimination";
  }

  @Override
  public boolean run(MachineFunction f) {
    Map<VReg, List<MachineInstr>> defs = new HashMap<>();
    Deque<MachineInstr> work = new ArrayDeque<>();
    Set<MachineInstr> live = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        for (VReg d : i.defs()) {
          defs.computeIfAbsent(d, k -> new ArrayList<>()).add(i);
        }
        if (i.opcode().hasSideEffects() || i.opcode().isTerminator()) {
          live.add(i);
          work.add(i);
        }
      }
    }
    Set<VReg> liveRegs = new HashSet<>();
    while (!work.isEmpty()) {
      for (VReg r : work.poll().usedRegs()) {
        if (liveRegs.add(r)) {
          for (MachineInstr d : defs.getOrDefault(r, List.of())) {
            if (live.add(d)) {
              work.add(d);
            }
          }
        }
      }
    }
    boolean changed = false;
    for (MachineBlock b : f.blocks()) {
      changed |= b.instrs().removeIf(i -> !live.contains(i));
    }
    return changed;
  }
}
