package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.FunctionAttributes;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.RegisterClass;
import dev.jptx.compiler.target.SmTarget;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A function on its way through the SelectionDAG stages: one DAG per block in layout order, the
 * virtual registers that carry values between blocks (their ids become machine register ids), and
 * the phis of each block.
 */
public final class DagFunction {
  private final String name;
  private final boolean entry;
  private final FunctionAttributes attributes;
  private final SmTarget target;
  private final List<ParamSlot> params;
  private final List<SelectionDag> blocks = new ArrayList<>();
  private final List<List<PhiCopy>> phis = new ArrayList<>();
  private final List<RegisterClass> registers = new ArrayList<>();
  private final List<FrameSlot> frame = new ArrayList<>();
  private final Type returnType;

  /** An empty function. */
  public DagFunction(
      String name,
      boolean entry,
      FunctionAttributes attributes,
      SmTarget target,
      List<ParamSlot> params,
      Type returnType) {
    this.returnType = returnType;
    this.name = name;
    this.entry = entry;
    this.attributes = attributes;
    this.target = target;
    this.params = List.copyOf(params);
  }

  /** The symbol. */
  public String name() {
    return name;
  }

  /** True for a kernel entry. */
  public boolean isEntry() {
    return entry;
  }

  /** Launch bounds and origin. */
  public FunctionAttributes attributes() {
    return attributes;
  }

  /** The target being compiled for. */
  public SmTarget target() {
    return target;
  }

  /** The parameters. */
  public List<ParamSlot> params() {
    return params;
  }

  /** The return type ({@code void} for none), in its DAG form (pointers are i64). */
  public Type returnType() {
    return returnType;
  }

  /** Adds a {@code .local} object; returns it. */
  public FrameSlot addFrameSlot(int bytes, int align) {
    FrameSlot s = new FrameSlot("__local" + frame.size(), bytes, align);
    frame.add(s);
    return s;
  }

  /** The {@code .local} objects. */
  public List<FrameSlot> frame() {
    return Collections.unmodifiableList(frame);
  }

  /** Adds the DAG of the next block in layout. */
  public void addBlock(SelectionDag dag, List<PhiCopy> blockPhis) {
    blocks.add(dag);
    phis.add(List.copyOf(blockPhis));
  }

  /** The DAGs in layout order. */
  public List<SelectionDag> blocks() {
    return Collections.unmodifiableList(blocks);
  }

  /** The phis of the block at layout index {@code block}. */
  public List<PhiCopy> phis(int block) {
    return phis.get(block);
  }

  /** A new register of class {@code c}; returns its id. */
  public int newRegister(RegisterClass c) {
    registers.add(c);
    return registers.size() - 1;
  }

  /** The classes of all registers, by id. */
  public List<RegisterClass> registers() {
    return Collections.unmodifiableList(registers);
  }
}
