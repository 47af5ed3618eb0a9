package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;

/**
 * Java shifts use only the low 5 (int) or 6 (long) bits of the count (4 for a promoted short); PTX
 * {@code shl/shr} clamp larger counts instead. The count is masked unless it is a constant, which
 * is masked here; PTX takes the count as a 32-bit value for every data width.
 */
final class JavaShiftLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    Type t = n.resultTypes().get(0);
    int mask = t.bits() - 1;
    SdValue count = n.operand(1);
    SdValue masked;
    if (count.node().opcode() == DagOpcode.CONSTANT) {
      masked = dag.constant(ScalarType.I32, count.node().attrs().bits() & mask);
    } else {
      DagOpcode resize = count.type().bits() > 32 ? DagOpcode.TRUNCATE : DagOpcode.ZERO_EXTEND;
      SdValue c32 =
          count.type().equals(ScalarType.I32) ? count : dag.node(resize, ScalarType.I32, count);
      masked = dag.node(DagOpcode.AND, ScalarType.I32, c32, dag.constant(ScalarType.I32, mask));
    }
    DagOpcode op =
        switch (n.opcode()) {
          case SHL -> DagOpcode.PTX_SHL;
          case SRA -> DagOpcode.PTX_SRA;
          default -> DagOpcode.PTX_SRL;
        };
    return dag.node(op, t, n.operand(0), masked);
  }
}
