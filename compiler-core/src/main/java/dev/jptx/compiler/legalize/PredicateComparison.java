package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;

/**
 * A comparison of two {@code i1} values, which {@code setp} cannot do, as predicate logic. As an
 * unsigned number true is 1, as a signed one it is -1, so {@code a <u b} is {@code !a & b} but
 * {@code a <s b} is {@code a & !b}.
 */
final class PredicateComparison implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    SdValue a = n.operand(0);
    SdValue b = n.operand(1);
    return switch (n.attrs().predicate()) {
      case EQ -> not(dag, xor(dag, a, b));
      case NE -> xor(dag, a, b);
      case ULT, SGT -> and(dag, not(dag, a), b);
      case ULE, SGE -> or(dag, not(dag, a), b);
      case UGT, SLT -> and(dag, a, not(dag, b));
      case UGE, SLE -> or(dag, a, not(dag, b));
      default -> throw new IllegalStateException("not an integer predicate: " + n.attrs());
    };
  }

  private static SdValue not(SelectionDag dag, SdValue v) {
    return xor(dag, v, dag.constant(ScalarType.I1, 1));
  }

  private static SdValue xor(SelectionDag dag, SdValue a, SdValue b) {
    return dag.node(DagOpcode.XOR, ScalarType.I1, a, b);
  }

  private static SdValue and(SelectionDag dag, SdValue a, SdValue b) {
    return dag.node(DagOpcode.AND, ScalarType.I1, a, b);
  }

  private static SdValue or(SelectionDag dag, SdValue a, SdValue b) {
    return dag.node(DagOpcode.OR, ScalarType.I1, a, b);
  }
}
