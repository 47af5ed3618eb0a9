package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code Promote} of an operation on a legal half type whose instruction the target lacks ({@code
 * max.f16}, {@code min.f16} below sm_80): the same operation in {@code f32} ({@code
 * target/PromotionTypes}) on the operands widened exactly ({@code cvt.f32.f16}), rounded back
 * ({@code cvt.rn.f16.f32}). The table promotes only selections: {@code max.f32}/{@code min.f32}
 * choose the value {@code __hmax}/{@code __hmin} choose (a NaN operand gives the other, two NaNs
 * the canonical NaN, {@code +0.0} above {@code -0.0}; ISA 9.7.3.12), and the chosen half converts
 * back unchanged, a NaN to the canonical {@code 0x7fff}.
 */
final class FloatOperationPromotion {
  private FloatOperationPromotion() {}

  /** {@code n} computed on {@code wide}; the replacement of its result. */
  static SdValue promote(SelectionDag dag, SdNode n, Type wide) {
    Type narrow = n.resultTypes().get(0);
    List<SdValue> ops = new ArrayList<>();
    for (SdValue o : n.operands()) {
      ops.add(dag.node(DagOpcode.FP_EXTEND, wide, o));
    }
    SdValue r = dag.node(n.opcode(), ops, List.of(wide), n.attrs()).value();
    return dag.node(DagOpcode.FP_ROUND, narrow, r);
  }
}
