package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;

/**
 * {@code fp_extend} of a legal {@code bf16} (sm_80 and newer): {@code cvt.f32.bf16} needs PTX ISA
 * 7.1, above sm_80's first version, and a shift of the pattern into a float's upper half is exact
 * and as cheap ({@link Bf16Bits#toFloat}; NaN payloads are kept). A value that is itself a bitcast
 * of a pattern is shifted from that pattern.
 */
final class Bf16WideningLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    SdValue b = n.operand(0);
    SdValue bits =
        b.node().opcode() == DagOpcode.BITCAST
            ? b.node().operand(0)
            : dag.node(DagOpcode.BITCAST, ScalarType.I16, b);
    SdValue f = Bf16Bits.toFloat(dag, bits);
    return n.resultTypes().get(0) == ScalarType.F32
        ? f
        : dag.node(DagOpcode.FP_EXTEND, n.resultTypes().get(0), f);
  }
}
