package dev.jptx.compiler.emit;

import dev.jptx.compiler.graph.Cycles;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The functions of a module that can call themselves, directly or through others: those on a cycle
 * of the call graph. {@link CallSequence} calls them indirectly (see there why).
 */
final class RecursiveFunctions {
  private RecursiveFunctions() {}

  static Set<String> of(List<MachineFunction> functions) {
    Map<String, Set<String>> calls = new HashMap<>();
    for (MachineFunction f : functions) {
      Set<String> callees = new LinkedHashSet<>();
      for (MachineBlock b : f.blocks()) {
        for (MachineInstr i : b.instrs()) {
          if (i.opcode() == MoveOpcodes.CALL) {
            callees.add(((MOperand.Sym) i.uses().get(0)).name());
          }
        }
      }
      calls.put(f.info().name(), callees);
    }
    return Cycles.onCycles(calls);
  }
}
