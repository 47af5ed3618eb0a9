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
 * Java's float-to-integer conversion rounds toward zero, saturates, and maps NaN to 0. PTX {@code
 * cvt.rzi} saturates too, and maps NaN to 0 only for f32 to s32; for the other pairs it gives the
 * minimum value, so a select on "unordered" (the value is NaN) puts the 0 back.
 */
final class FloatToIntLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    Type to = n.resultTypes().get(0);
    SdValue x = n.operand(0);
    if (x.node().opcode() == DagOpcode.CONSTANT_FP) {
      // a constant source (left by a rewrite after IR folding): Java's conversion, here; a NaN
      // test of it would compare a register with its own literal
      return dag.constant(to, javaConversion(x, to));
    }
    SdValue cvt = dag.node(DagOpcode.PTX_CVT_RZI, to, x);
    if (to.equals(ScalarType.I32) && x.type().equals(ScalarType.F32)) {
      return cvt;
    }
    SdValue isNan =
        dag.node(
            DagOpcode.SETCC, ScalarType.I1, NodeAttrs.NONE.withPredicate(CmpPredicate.UNO), x, x);
    return dag.node(DagOpcode.SELECT, to, isNan, dag.constant(to, 0), cvt);
  }

  private static long javaConversion(SdValue constant, Type to) {
    long bits = constant.node().attrs().bits();
    double v =
        constant.type().equals(ScalarType.F32)
            ? Float.intBitsToFloat((int) bits)
            : Double.longBitsToDouble(bits);
    return to.equals(ScalarType.I32) ? (long) (int) v : (long) v;
  }
}
