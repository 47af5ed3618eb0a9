package dev.jptx.compiler.codegen.analysis;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The blocks of a machine function that lie on a cycle of its control-flow graph. */
public final class MachineCycles {
  private MachineCycles() {}

  /** The blocks from which some path leads back to themselves, in layout order. */
  public static List<MachineBlock> blocksInCycles(MachineFunction f) {
    List<MachineBlock> out = new ArrayList<>();
    for (MachineBlock b : f.blocks()) {
      if (reachesItself(f, b)) {
        out.add(b);
      }
    }
    return out;
  }

  private static boolean reachesItself(MachineFunction f, MachineBlock start) {
    Set<MachineBlock> seen = new HashSet<>();
    Deque<MachineBlock> work = new ArrayDeque<>(f.successors(start));
    while (!work.isEmpty()) {
      MachineBlock b = work.pop();
      if (b == start) {
        return true;
      }
      if (seen.add(b)) {
        work.addAll(f.successors(b));
      }
    }
    return false;
  }
}
