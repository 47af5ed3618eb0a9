package dev.jptx.compiler.legalize;

import static dev.jptx.compiler.ir.ScalarType.I16;
import static dev.jptx.compiler.ir.ScalarType.I32;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import java.util.ArrayList;
import java.util.List;

/**
 * The building blocks of the packed half-precision emulations: a pair's two 16-bit lanes (element 0
 * in the low half), and intrinsic nodes the target selects as they are ({@code cvt.f32.f16}, {@code
 * cvt.rn.f16.f32}, float {@code min}/{@code max} exist everywhere).
 */
final class HalfLanes {
  /** The computation of one lane from the same lane of each operand. */
  interface LaneOp {
    /** The lane's 16-bit result from the operands' 16-bit lanes. */
    SdValue apply(SelectionDag dag, List<SdValue> lanes);
  }

  private HalfLanes() {}

  /** Applies {@code op} to element 0 and element 1 of the call's operands and packs the results. */
  static SdValue perLane(SelectionDag dag, SdNode call, LaneOp op) {
    List<SdValue> lo = new ArrayList<>();
    List<SdValue> hi = new ArrayList<>();
    for (SdValue pair : call.operands()) {
      lo.add(dag.node(DagOpcode.TRUNCATE, I16, pair));
      hi.add(dag.node(DagOpcode.TRUNCATE, I16, shift(dag, DagOpcode.PTX_SRL, pair)));
    }
    SdValue low = dag.node(DagOpcode.ZERO_EXTEND, I32, op.apply(dag, lo));
    SdValue high = dag.node(DagOpcode.ZERO_EXTEND, I32, op.apply(dag, hi));
    return dag.node(DagOpcode.OR, I32, shift(dag, DagOpcode.PTX_SHL, high), low);
  }

  private static SdValue shift(SelectionDag dag, DagOpcode op, SdValue v) {
    return dag.node(op, I32, v, dag.constant(I32, 16));
  }

  /** An intrinsic node without effects, selected by its row on every target. */
  static SdValue intrinsic(SelectionDag dag, Intrinsic in, Type result, SdValue... args) {
    NodeAttrs a = NodeAttrs.NONE.withOperation(in);
    return dag.node(DagOpcode.INTRINSIC, List.of(args), List.of(result), a).value();
  }

  /** The exact float of a binary16 pattern ({@code cvt.f32.f16}). */
  static SdValue halfToFloat(SelectionDag dag, SdValue h) {
    return intrinsic(dag, Intrinsic.HALF_TO_FLOAT, dev.jptx.compiler.ir.ScalarType.F32, h);
  }

  /** A float rounded once to binary16, NaN to the canonical NaN ({@code cvt.rn.f16.f32}). */
  static SdValue floatToHalf(SelectionDag dag, SdValue f) {
    return intrinsic(dag, Intrinsic.FLOAT_TO_HALF, I16, f);
  }
}
