package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;

/**
 * {@code shf} funnels 32-bit values only, so a 64-bit rotation is two shifts: {@code rotl(x, n) =
 * (x << n) | (x >>> -n)}, which is {@code Long.rotateLeft} for every count because Java shifts use
 * the count's low 6 bits (a count of 0 gives {@code x | x}). The shifts are the IR's Java shifts,
 * masked by {@link JavaShiftLowering}; a constant count is reduced here, and 0 gives {@code x}.
 */
final class Rotate64Lowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    boolean left = n.opcode() == DagOpcode.ROTL;
    SdValue x = n.operand(0);
    SdValue count = n.operand(1);
    SdValue opposite;
    if (count.node().opcode() == DagOpcode.CONSTANT) {
      long k = count.node().attrs().bits() & 63;
      if (k == 0) {
        return x;
      }
      count = dag.constant(ScalarType.I32, k);
      opposite = dag.constant(ScalarType.I32, 64 - k);
    } else {
      opposite = dag.node(DagOpcode.NEG, ScalarType.I32, count);
    }
    SdValue toLeft = left ? count : opposite;
    SdValue toRight = left ? opposite : count;
    return dag.node(
        DagOpcode.OR,
        ScalarType.I64,
        dag.node(DagOpcode.SHL, ScalarType.I64, x, toLeft),
        dag.node(DagOpcode.SRL, ScalarType.I64, x, toRight));
  }
}
