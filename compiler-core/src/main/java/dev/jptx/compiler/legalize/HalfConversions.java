package dev.jptx.compiler.legalize;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.F64;
import static dev.jptx.compiler.ir.ScalarType.I16;

import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;

/**
 * The conversions between a half's 16-bit pattern and the float of its value that {@link
 * FloatPromotion} and {@link FloatSoftening} compute with, and the once-rounded fused multiply-add.
 */
final class HalfConversions {
  private HalfConversions() {}

  /** The exact float of a pattern: {@code cvt.f32.f16}, or the bfloat16 shifted into place. */
  static SdValue widen(SelectionDag dag, ScalarType half, SdValue bits) {
    return half == ScalarType.F16
        ? dag.node(DagOpcode.FP16_TO_FP, F32, bits)
        : Bf16Bits.toFloat(dag, bits);
  }

  /**
   * A float rounded once to the half's pattern ({@code cvt.rn.f16.f32}, {@link Bf16Bits#round}).
   */
  static SdValue narrow(SelectionDag dag, ScalarType half, SdValue f) {
    return half == ScalarType.F16 ? dag.node(DagOpcode.FP_TO_FP16, I16, f) : Bf16Bits.round(dag, f);
  }

  /**
   * {@code a * b + c} of three half values (as floats), as a float that one rounding to the half
   * turns into the once-rounded result: for {@code f16} the exact float product plus {@code c}
   * rounded to odd; for {@code bf16} the exact double product plus {@code c} rounded to odd in
   * double, then to odd in float (rounding to odd twice is rounding to odd once to the narrower).
   */
  static SdValue fmaRoundedToOdd(
      SelectionDag dag, ScalarType half, SdValue a, SdValue b, SdValue c) {
    if (half == ScalarType.F16) {
      return RoundToOdd.sum(dag, dag.node(DagOpcode.FMUL, F32, a, b), c);
    }
    SdValue product =
        dag.node(
            DagOpcode.FMUL,
            F64,
            dag.node(DagOpcode.FP_EXTEND, F64, a),
            dag.node(DagOpcode.FP_EXTEND, F64, b));
    SdValue sum = RoundToOdd.sum(dag, product, dag.node(DagOpcode.FP_EXTEND, F64, c));
    return RoundToOdd.narrow(dag, sum);
  }
}
