package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;

/**
 * {@code prmt} permutes the bytes of 32-bit values only, so a 64-bit byte swap swaps the bytes of
 * each half and exchanges the halves: {@code bswap(hi:lo) = bswap(lo):bswap(hi)}.
 */
final class ByteSwap64Lowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    SdValue x = n.operand(0);
    SdValue thirtyTwo = dag.constant(ScalarType.I32, 32);
    SdValue lo = dag.node(DagOpcode.TRUNCATE, ScalarType.I32, x);
    SdValue hi =
        dag.node(
            DagOpcode.TRUNCATE,
            ScalarType.I32,
            dag.node(DagOpcode.PTX_SRL, ScalarType.I64, x, thirtyTwo));
    SdValue newHi = dag.node(DagOpcode.BSWAP, ScalarType.I32, lo);
    SdValue newLo = dag.node(DagOpcode.BSWAP, ScalarType.I32, hi);
    SdValue high =
        dag.node(
            DagOpcode.PTX_SHL,
            ScalarType.I64,
            dag.node(DagOpcode.ZERO_EXTEND, ScalarType.I64, newHi),
            thirtyTwo);
    return dag.node(
        DagOpcode.OR, ScalarType.I64, high, dag.node(DagOpcode.ZERO_EXTEND, ScalarType.I64, newLo));
  }
}
