package dev.jptx.compiler.codegen.analysis;

import dev.jptx.compiler.graph.Cycles;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The blocks of a machine function that lie on a cycle of its control-flow graph. */
public final class MachineCycles {
  private MachineCycles() {}

  /** The blocks from which some path leads back to themselves, in layout order. */
  public static List<MachineBlock> blocksInCycles(MachineFunction f) {
    Map<MachineBlock, List<MachineBlock>> successors = new LinkedHashMap<>();
    for (MachineBlock b : f.blocks()) {
      successors.put(b, f.successors(b));
    }
    Set<MachineBlock> on = Cycles.onCycles(successors);
    List<MachineBlock> out = new ArrayList<>();
    for (MachineBlock b : f.blocks()) {
      if (on.contains(b)) {
        out.add(b);
      }
    }
    return out;
  }
}
