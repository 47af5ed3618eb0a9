package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.MachineCse;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MemoryOpcodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which registers can be recomputed at their readers instead of spilled (seed: {@code
 * remat-load-param}, "remating const ld.param"): a register with one unguarded definition that is a
 * parameter load ({@code ld.param}: a function's parameters never change while it runs), or a pure
 * instruction (a {@link MachineCse} candidate) whose register sources are such registers in turn,
 * at most {@value #DEPTH} deep: a kernel's array address ({@code ld.param.u64} then {@code
 * cvta.to.global.u64}), a constant, a launch-fixed special register. The chain is cloned before
 * each reader: the register itself keeps its name (written again with the value it already had, so
 * no reader sees a difference), the chain's other results get new registers, so the registers it
 * starts from keep their one definition and stay rematerializable.
 */
final class Remat {
  private static final int DEPTH = 3;

  private final Map<VReg, MachineInstr> single = new HashMap<>();

  private Remat(MachineFunction f) {
    Map<VReg, Integer> defs = new HashMap<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        for (VReg d : i.defs()) {
          defs.merge(d, 1, Integer::sum);
          single.put(d, i);
        }
      }
    }
    defs.forEach(
        (r, n) -> {
          if (n != 1 || single.get(r).guard() != null) {
            single.remove(r);
          }
        });
  }

  /** The rematerialization facts of {@code f} as it is now. */
  static Remat of(MachineFunction f) {
    return new Remat(f);
  }

  /** The instructions that recompute {@code r}, operands first; null if it cannot be. */
  List<MachineInstr> chain(VReg r) {
    List<MachineInstr> out = new ArrayList<>();
    return collect(r, DEPTH, out) ? out : null;
  }

  private boolean collect(VReg r, int depth, List<MachineInstr> out) {
    MachineInstr d = single.get(r);
    if (d == null || depth == 0 || d.defs().size() != 1) {
      return false;
    }
    boolean param = MemoryOpcodes.isParamLoad(d.opcode());
    if (!param && !MachineCse.isCandidate(d)) {
      return false;
    }
    for (VReg u : d.usedRegs()) {
      if (!collect(u, depth - 1, out)) {
        return false;
      }
    }
    if (!out.contains(d)) {
      out.add(d);
    }
    return true;
  }
}
