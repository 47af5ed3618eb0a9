package dev.jptx.compiler.mir;

import dev.jptx.compiler.target.MoveOpcodes;
import dev.jptx.compiler.target.RegisterClass;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * A function in machine IR: blocks in layout order (the first is the entry), each ending in an
 * explicit {@code BRA} or {@code RET}, and a table of virtual registers with their classes. A pass
 * may add blocks anywhere in the layout (the pipeliner rewrites loops this way).
 */
public final class MachineFunction {
  private FunctionInfo info;
  private final List<MachineBlock> layout = new ArrayList<>();
  private final List<MachineBlock> byId = new ArrayList<>();
  private final List<RegisterClass> vregs = new ArrayList<>();
  private boolean ssa = true;
  private boolean allocated;

  /** An empty function. */
  public MachineFunction(FunctionInfo info) {
    this.info = info;
  }

  /** Name, parameters and launch bounds. */
  public FunctionInfo info() {
    return info;
  }

  /** Adds an object to the function's {@code .local} frame (a spill slot). */
  public void addFrameObject(FrameObject o) {
    List<FrameObject> frame = new ArrayList<>(info.frame());
    frame.add(o);
    setInfo(frame);
  }

  /** Replaces the function's {@code .local} frame (after frame layout). */
  public void setFrame(List<FrameObject> frame) {
    setInfo(frame);
  }

  private void setInfo(List<FrameObject> frame) {
    info =
        new FunctionInfo(
            info.name(),
            info.entry(),
            info.params(),
            info.maxThreads(),
            info.minBlocksPerSm(),
            info.maxRegisters(),
            info.sourceFile(),
            info.javaName(),
            info.returnType(),
            frame);
  }

  /**
   * A copy to experiment on: the same blocks (ids and layout), instructions and registers, in lists
   * of its own, so that editing the copy leaves this function as it is.
   */
  public MachineFunction copy() {
    MachineFunction c = new MachineFunction(info);
    for (MachineBlock b : byId) {
      MachineBlock nb = new MachineBlock(b.id());
      nb.instrs().addAll(b.instrs());
      c.byId.add(nb);
    }
    for (MachineBlock b : layout) {
      c.layout.add(c.byId.get(b.id()));
    }
    c.vregs.addAll(vregs);
    c.ssa = ssa;
    c.allocated = allocated;
    return c;
  }

  /** True while every register has exactly one definition (before PHI elimination). */
  public boolean isSsa() {
    return ssa;
  }

  /** Marks the function as no longer in SSA form. */
  public void leaveSsa() {
    ssa = false;
  }

  /**
   * True once register allocation has run: registers of one class and assigned register share one
   * name, and spill code is in place.
   */
  public boolean isAllocated() {
    return allocated;
  }

  /**
   * Marks the function as allocated (register allocation, or a parsed {@code allocated} header).
   */
  public void markAllocated() {
    if (ssa) {
      throw new IllegalStateException(info.name() + ": allocation needs PHI elimination first");
    }
    allocated = true;
  }

  /** Appends a new block to the layout. */
  public MachineBlock addBlock() {
    MachineBlock b = new MachineBlock(byId.size());
    byId.add(b);
    layout.add(b);
    return b;
  }

  /** Adds a new block right after {@code after} in the layout. */
  public MachineBlock addBlockAfter(MachineBlock after) {
    MachineBlock b = new MachineBlock(byId.size());
    byId.add(b);
    layout.add(layout.indexOf(after) + 1, b);
    return b;
  }

  /** Removes a block from the layout (its id stays taken). */
  public void removeBlock(MachineBlock b) {
    layout.remove(b);
  }

  /** Replaces the layout: {@code order} holds each block to keep once, the entry first. */
  public void setLayout(List<MachineBlock> order) {
    layout.clear();
    layout.addAll(order);
  }

  /** The blocks in layout order. */
  public List<MachineBlock> blocks() {
    return Collections.unmodifiableList(layout);
  }

  /** The block with that id. */
  public MachineBlock block(int id) {
    return byId.get(id);
  }

  /** A new virtual register of class {@code c}. */
  public VReg newVReg(RegisterClass c) {
    vregs.add(c);
    return new VReg(vregs.size() - 1);
  }

  /** The class of a register. */
  public RegisterClass regClass(VReg r) {
    return vregs.get(r.id());
  }

  /** How many registers exist (an upper bound for ids). */
  public int vregCount() {
    return vregs.size();
  }

  /** The distinct successors of a block, from its branches, in order. */
  public List<MachineBlock> successors(MachineBlock b) {
    LinkedHashSet<MachineBlock> s = new LinkedHashSet<>();
    for (MachineInstr i : b.instrs()) {
      if (i.opcode() == MoveOpcodes.BRA && i.uses().get(0) instanceof MOperand.BlockRef t) {
        s.add(block(t.block()));
      }
    }
    return List.copyOf(s);
  }

  /** The predecessors of every block, in layout order. */
  public List<List<MachineBlock>> predecessors() {
    List<List<MachineBlock>> preds = new ArrayList<>();
    for (int i = 0; i < byId.size(); i++) {
      preds.add(new ArrayList<>());
    }
    for (MachineBlock b : layout) {
      for (MachineBlock s : successors(b)) {
        preds.get(s.id()).add(b);
      }
    }
    return preds;
  }
}
