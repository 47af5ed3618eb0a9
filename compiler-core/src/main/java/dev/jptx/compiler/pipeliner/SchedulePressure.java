package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.codegen.analysis.RegisterPressure;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import dev.jptx.compiler.target.RegisterBudgets;
import dev.jptx.compiler.target.RegisterClass;
import dev.jptx.spi.RegisterBudget;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The register-pressure check of {@code pipeliner-register-pressure} (seed: MachinePipeliner,
 * "verify_pressure"): the registers the kernel of a schedule holds at once, per cycle of the II. A
 * value defined in the body lives from its definition's cycle to its last reader's (a reader
 * through a PHI reads it one II later); each cycle of that lifetime adds its 32-bit units at the
 * cycle's slot modulo II, so a value living longer than II counts once per overlapping copy, as
 * modulo variable expansion keeps them. Values read in the body but defined outside live
 * throughout. The data registers must stay within the function's pressure target ({@code
 * maxRegisters}, else the default target) less {@code margin} percent, and the predicates within
 * the PTX predicate budget less the same margin.
 */
final class SchedulePressure {
  private SchedulePressure() {}

  /** True if {@code s} keeps within the budget of {@code f} less {@code margin} percent. */
  static boolean fits(MachineFunction f, ModuloSchedule s, int margin) {
    int[][] live = live(f, s);
    int units = RegisterBudget.pressureTarget(f.info().maxRegisters()) * (100 - margin) / 100;
    int preds = RegisterBudgets.PREDICATE_REGISTERS * (100 - margin) / 100;
    for (int slot = 0; slot < s.ii(); slot++) {
      if (live[0][slot] > units || live[1][slot] > Math.max(preds, 1)) {
        return false;
      }
    }
    return true;
  }

  /** Per slot of the II: [0] data units live, [1] predicates live. */
  static int[][] live(MachineFunction f, ModuloSchedule s) {
    List<MachineInstr> is = s.loop().body().instrs();
    Map<VReg, Integer> defCycle = new HashMap<>();
    Map<VReg, VReg> phiOf = new HashMap<>();
    for (int i = 0; i < is.size(); i++) {
      MachineInstr mi = is.get(i);
      if (mi.opcode() == MoveOpcodes.PHI) {
        for (MOperand u : mi.uses()) {
          if (u instanceof MOperand.Reg r) {
            phiOf.put(r.reg(), mi.defs().get(0));
          }
        }
      } else if (s.scheduled(i)) {
        for (VReg d : mi.defs()) {
          defCycle.put(d, s.cycle(i));
        }
      }
    }
    Map<VReg, Integer> end = new HashMap<>(defCycle);
    Set<VReg> invariant = new HashSet<>();
    for (int i = 0; i < is.size(); i++) {
      if (!s.scheduled(i)) {
        continue;
      }
      for (VReg r : is.get(i).usedRegs()) {
        if (defCycle.containsKey(r)) {
          end.merge(r, s.cycle(i), Math::max);
        } else if (!phiOf.containsValue(r)) {
          invariant.add(r);
        } else {
          for (Map.Entry<VReg, VReg> e : phiOf.entrySet()) {
            if (e.getValue().equals(r) && defCycle.containsKey(e.getKey())) {
              end.merge(e.getKey(), s.cycle(i) + s.ii(), Math::max);
            }
          }
        }
      }
    }
    int[][] live = new int[2][s.ii()];
    for (Map.Entry<VReg, Integer> e : defCycle.entrySet()) {
      int k = f.regClass(e.getKey()) == RegisterClass.PRED ? 1 : 0;
      int w = k == 1 ? 1 : RegisterPressure.units(f.regClass(e.getKey()));
      for (int c = e.getValue(); c <= end.get(e.getKey()); c++) {
        live[k][Math.floorMod(c, s.ii())] += w;
      }
    }
    for (VReg r : invariant) {
      int k = f.regClass(r) == RegisterClass.PRED ? 1 : 0;
      int w = k == 1 ? 1 : RegisterPressure.units(f.regClass(r));
      for (int slot = 0; slot < s.ii(); slot++) {
        live[k][slot] += w;
      }
    }
    return live;
  }
}
