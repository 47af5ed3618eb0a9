package dev.jptx.compiler.emit;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.RegisterClass;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * PTX names for the registers of a function: per class, numbered from 1 in order of first
 * appearance ({@code %r1 %r2 ... %rd1 ...}), as nvcc numbers them, so that {@code .reg %r<N>}
 * declares exactly the registers used.
 */
final class RegisterNames {
  private final MachineFunction f;
  private final Map<VReg, String> names = new HashMap<>();
  private final Map<RegisterClass, Integer> counts = new EnumMap<>(RegisterClass.class);

  RegisterNames(MachineFunction f) {
    this.f = f;
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        i.defs().forEach(this::name);
        i.usedRegs().forEach(this::name);
      }
    }
  }

  String name(VReg r) {
    return names.computeIfAbsent(
        r,
        k -> {
          RegisterClass c = f.regClass(k);
          int n = counts.merge(c, 1, Integer::sum);
          return c.prefix() + n;
        });
  }

  /** How many registers of class {@code c} were named. */
  int count(RegisterClass c) {
    return counts.getOrDefault(c, 0);
  }
}
