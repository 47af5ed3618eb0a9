package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;

/**
 * The bit operations on a narrow integer PTX has no instruction for, done on the zero-extended
 * value in 32 bits: the {@code Promote} rows ({@code ctlz} less the 16 extra leading zeros, {@code
 * cttz} of the value with bit 16 set so that zero gives 16, {@code bitreverse} and {@code bswap}
 * keeping the high half) and the {@code Expand} rows ({@code ctpop} of the extended value, {@code
 * rotl}/{@code rotr} as two 32-bit shifts of the extended value, truncated back).
 */
final class NarrowBitOperations {
  private NarrowBitOperations() {}

  /** {@code n} computed on {@code wide}; the replacement of its result. */
  static SdValue promote(SelectionDag dag, SdNode n, Type wide) {
    SdValue x = n.operand(0);
    Type narrow = x.type();
    int extra = wide.bits() - narrow.bits();
    SdValue ext = dag.node(DagOpcode.ZERO_EXTEND, wide, x);
    Type result = n.resultTypes().get(0);
    return switch (n.opcode()) {
      case CTLZ ->
          dag.node(
              DagOpcode.SUB,
              result,
              dag.node(DagOpcode.CTLZ, result, ext),
              dag.constant(result, extra));
      case CTTZ ->
          dag.node(
              DagOpcode.CTTZ,
              result,
              dag.node(DagOpcode.OR, wide, ext, dag.constant(wide, 1L << narrow.bits())));
      case BITREVERSE, BSWAP ->
          dag.node(
              DagOpcode.TRUNCATE,
              narrow,
              dag.node(
                  DagOpcode.SRL,
                  wide,
                  dag.node(n.opcode(), wide, ext),
                  dag.constant(ScalarType.I32, extra)));
      default -> throw new IllegalStateException("no promotion of " + n.opcode());
    };
  }

  /** {@code ctpop} of a narrow value: the count of its zero extension. */
  static final CustomLowering POPCOUNT =
      (dag, n) -> {
        SdValue x = n.operand(0);
        return dag.node(
            DagOpcode.CTPOP,
            n.resultTypes().get(0),
            dag.node(DagOpcode.ZERO_EXTEND, ScalarType.I32, x));
      };

  /**
   * A narrow rotation: with {@code c} the count's low bits, {@code rotl(x, c) = (x << c) | (x >>>
   * (w - c))} on the zero-extended {@code x}, truncated ({@code c = 0} gives {@code x}, since the
   * right shift by {@code w} leaves nothing of a {@code w}-bit value).
   */
  static final CustomLowering ROTATE =
      (dag, n) -> {
        SdValue x = n.operand(0);
        int w = x.type().bits();
        Type i32 = ScalarType.I32;
        SdValue ext = dag.node(DagOpcode.ZERO_EXTEND, i32, x);
        SdValue c32 =
            n.operand(1).type().equals(i32)
                ? n.operand(1)
                : dag.node(DagOpcode.ZERO_EXTEND, i32, n.operand(1));
        SdValue c = dag.node(DagOpcode.AND, i32, c32, dag.constant(i32, w - 1));
        SdValue rest = dag.node(DagOpcode.SUB, i32, dag.constant(i32, w), c);
        boolean left = n.opcode() == DagOpcode.ROTL;
        SdValue toHigh = dag.node(DagOpcode.SHL, i32, ext, left ? c : rest);
        SdValue toLow = dag.node(DagOpcode.SRL, i32, ext, left ? rest : c);
        return dag.node(DagOpcode.TRUNCATE, x.type(), dag.node(DagOpcode.OR, i32, toHigh, toLow));
      };
}
