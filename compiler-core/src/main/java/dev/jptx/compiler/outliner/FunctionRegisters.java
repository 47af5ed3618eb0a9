package dev.jptx.compiler.outliner;

import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.RegisterClass;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.Map;

/**
 * Registers for the values of an outlined function's one block: each value takes the lowest
 * register of its class that is free where it is defined, and gives it back after its last read, so
 * that the {@code .func} declares about as many registers as it holds values at once, like the
 * allocated code it came from (the canonical numbers are one per value). A guarded write shares its
 * value's number, so it keeps the register.
 */
final class FunctionRegisters {
  private FunctionRegisters() {}

  /**
   * Per value number, its register within its class.
   *
   * @param block the straight-line code, registers being value numbers
   * @param classes the class of each number
   */
  static int[] assign(java.util.List<MachineInstr> block, java.util.List<RegisterClass> classes) {
    int[] lastRead = new int[classes.size()];
    java.util.Arrays.fill(lastRead, -1);
    for (int k = 0; k < block.size(); k++) {
      for (VReg r : block.get(k).usedRegs()) {
        lastRead[r.id()] = k;
      }
    }
    int[] register = new int[classes.size()];
    java.util.Arrays.fill(register, -1);
    Map<RegisterClass, BitSet> busy = new EnumMap<>(RegisterClass.class);
    for (int k = 0; k < block.size(); k++) {
      MachineInstr i = block.get(k);
      for (VReg r : i.usedRegs()) {
        if (lastRead[r.id()] == k && !i.defs().contains(r)) {
          busy.get(classes.get(r.id())).clear(register[r.id()]);
        }
      }
      for (VReg d : i.defs()) {
        if (register[d.id()] < 0) {
          BitSet taken = busy.computeIfAbsent(classes.get(d.id()), c -> new BitSet());
          register[d.id()] = taken.nextClearBit(0);
          taken.set(register[d.id()]);
        }
      }
      for (VReg d : i.defs()) {
        if (lastRead[d.id()] <= k) {
          busy.get(classes.get(d.id())).clear(register[d.id()]);
        }
      }
    }
    return register;
  }
}
