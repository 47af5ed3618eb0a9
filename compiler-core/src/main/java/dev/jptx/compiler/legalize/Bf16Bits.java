package dev.jptx.compiler.legalize;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.I16;
import static dev.jptx.compiler.ir.ScalarType.I32;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;

/**
 * bfloat16 is the upper half of a float's pattern, so its conversions are integer operations where
 * the target has no {@code cvt} for them: widening is a shift (exact, NaN payload kept), narrowing
 * rounds the low 16 bits away to nearest even.
 */
final class Bf16Bits {
  /** The canonical NaN of {@code Gpu.floatToBf16}. */
  private static final long CANONICAL_NAN = 0x7fff;

  private Bf16Bits() {}

  /** The exact float of a bfloat16 pattern: its bits shifted into the upper half. */
  static SdValue toFloat(SelectionDag dag, SdValue b) {
    SdValue wide = dag.node(DagOpcode.ZERO_EXTEND, I32, b);
    SdValue shifted = dag.node(DagOpcode.PTX_SHL, I32, wide, dag.constant(I32, 16));
    return dag.node(DagOpcode.BITCAST, F32, shifted);
  }

  /**
   * A float rounded once to bfloat16, to nearest even: adding {@code 0x7fff} plus the kept part's
   * last bit carries into the kept part exactly when the dropped part is above half, or half with
   * an odd kept part; the carry runs into the exponent where the significand overflows, up to
   * infinity past the largest finite value, and the patterns stay in order for subnormals. NaN
   * gives the canonical NaN (the carry could turn a NaN into infinity).
   */
  static SdValue round(SelectionDag dag, SdValue f) {
    SdValue bits = dag.node(DagOpcode.BITCAST, I32, f);
    SdValue kept = dag.node(DagOpcode.PTX_SRL, I32, bits, dag.constant(I32, 16));
    SdValue lastBit = dag.node(DagOpcode.AND, I32, kept, dag.constant(I32, 1));
    SdValue bias = dag.node(DagOpcode.ADD, I32, lastBit, dag.constant(I32, 0x7fff));
    SdValue sum = dag.node(DagOpcode.ADD, I32, bits, bias);
    SdValue upper = dag.node(DagOpcode.PTX_SRL, I32, sum, dag.constant(I32, 16));
    SdValue rounded = dag.node(DagOpcode.TRUNCATE, I16, upper);
    SdValue nan =
        dag.node(
            DagOpcode.SETCC, ScalarType.I1, NodeAttrs.NONE.withPredicate(CmpPredicate.UNO), f, f);
    return dag.node(DagOpcode.SELECT, I16, nan, dag.constant(I16, CANONICAL_NAN), rounded);
  }
}
