package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.target.DagOpcode;

/**
 * PTX has no count of trailing zeros: {@code cttz(x) = ctlz(bitreverse(x))} ({@code brev} then
 * {@code clz}), which gives the operand's width for zero, as {@code Integer.numberOfTrailingZeros}
 * does.
 */
final class CountTrailingZerosLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    SdValue x = n.operand(0);
    SdValue reversed = dag.node(DagOpcode.BITREVERSE, x.type(), x);
    return dag.node(DagOpcode.CTLZ, n.resultTypes().get(0), reversed);
  }
}
