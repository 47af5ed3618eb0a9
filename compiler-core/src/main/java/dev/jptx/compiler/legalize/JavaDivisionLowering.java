package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;

/**
 * Java defines {@code MIN / -1 == MIN} and {@code MIN % -1 == 0}; PTX leaves the overflow of {@code
 * div.s32/rem.s32} unspecified. A divisor of -1 is therefore handled apart: {@code a / -1} is
 * {@code -a} (which wraps at MIN) and {@code a % -1} is 0, selected when the divisor is not a
 * constant, folded when it is.
 */
final class JavaDivisionLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    Type t = n.resultTypes().get(0);
    boolean div = n.opcode() == DagOpcode.SDIV;
    SdValue a = n.operand(0);
    SdValue b = n.operand(1);
    SdValue byMinusOne =
        div ? dag.node(DagOpcode.SUB, t, dag.constant(t, 0), a) : dag.constant(t, 0);
    if (b.node().opcode() == DagOpcode.CONSTANT) {
      long bits = b.node().attrs().bits();
      long mask = t.bits() == 64 ? -1L : (1L << t.bits()) - 1;
      boolean minusOne = (bits & mask) == mask;
      if (minusOne) {
        return byMinusOne;
      }
      return dag.node(div ? DagOpcode.PTX_SDIV : DagOpcode.PTX_SREM, t, a, b);
    }
    SdValue quotient = dag.node(div ? DagOpcode.PTX_SDIV : DagOpcode.PTX_SREM, t, a, b);
    SdValue isMinusOne =
        dag.node(
            DagOpcode.SETCC,
            ScalarType.I1,
            NodeAttrs.NONE.withPredicate(CmpPredicate.EQ),
            b,
            dag.constant(t, -1));
    return dag.node(DagOpcode.SELECT, t, isMinusOne, byMinusOne, quotient);
  }
}
