package dev.jptx.compiler.dag;

import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import java.util.ArrayList;
import java.util.List;

/**
 * A node of a {@link SelectionDag}: an operation, its operands (results of other nodes, chains
 * included), its result types ({@code void} marks a chain result) and its attributes. Operands may
 * be rewired by legalization; everything else is fixed.
 */
public final class SdNode {
  private final int id;
  private final DagOpcode opcode;
  private final List<SdValue> operands;
  private final List<Type> resultTypes;
  private final NodeAttrs attrs;
  private final int line;

  SdNode(
      int id,
      DagOpcode opcode,
      List<SdValue> operands,
      List<Type> resultTypes,
      NodeAttrs attrs,
      int line) {
    this.line = line;
    this.id = id;
    this.opcode = opcode;
    this.operands = new ArrayList<>(operands);
    this.resultTypes = List.copyOf(resultTypes);
    this.attrs = attrs;
  }

  /** The node's number, unique in its DAG and increasing in creation order. */
  public int id() {
    return id;
  }

  /** The operation. */
  public DagOpcode opcode() {
    return opcode;
  }

  /** The operands. */
  public List<SdValue> operands() {
    return java.util.Collections.unmodifiableList(operands);
  }

  /** Operand {@code i}. */
  public SdValue operand(int i) {
    return operands.get(i);
  }

  void setOperand(int i, SdValue v) {
    operands.set(i, v);
  }

  /** The result types. */
  public List<Type> resultTypes() {
    return resultTypes;
  }

  /** Result {@code i}. */
  public SdValue value(int i) {
    return new SdValue(this, i);
  }

  /** The first result. */
  public SdValue value() {
    return new SdValue(this, 0);
  }

  /** The Java source line of the code it came from, or 0. */
  public int line() {
    return line;
  }

  /** The attributes. */
  public NodeAttrs attrs() {
    return attrs;
  }

  @Override
  public String toString() {
    return "t" + id + " " + opcode;
  }
}
