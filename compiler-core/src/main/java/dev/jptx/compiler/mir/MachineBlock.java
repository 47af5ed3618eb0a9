package dev.jptx.compiler.mir;

import java.util.ArrayList;
import java.util.List;

/**
 * A machine basic block: its instructions in order, ending in branches. Successors follow from the
 * branches and, when the last instruction is a guarded branch, the next block in layout.
 */
public final class MachineBlock {
  private final int id;
  private final List<MachineInstr> instrs = new ArrayList<>();

  MachineBlock(int id) {
    this.id = id;
  }

  /** The block's number, unique in its function. */
  public int id() {
    return id;
  }

  /** The instructions, mutable in place by passes. */
  public List<MachineInstr> instrs() {
    return instrs;
  }

  /** Appends an instruction. */
  public void add(MachineInstr i) {
    instrs.add(i);
  }

  @Override
  public String toString() {
    return "bb" + id;
  }
}
