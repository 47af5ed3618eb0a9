package dev.jptx.compiler.legalize;

import static dev.jptx.compiler.ir.ScalarType.F64;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.target.DagOpcode;

/**
 * {@code bf16fma2} without {@code fma.rn.bf16x2} (below sm_80): per lane, {@code a * b + c} rounded
 * once to bfloat16. bfloat16 has float's exponent range, so the product is formed in double, where
 * it is exact (16 significant bits, magnitudes 2^-266 to 2^256); the sum is rounded to odd in
 * double ({@link RoundToOdd#sum}: the exact sum is 0 or at least 2^-266, far from double's
 * subnormals), then to odd in float ({@link RoundToOdd#narrow}, which keeps float's subnormals and
 * turns an overflow into the largest finite float), and finally to nearest even in bfloat16 ({@link
 * Bf16Bits#round}): 24 bits (16 more than bfloat16's in the subnormal range) are at least two more
 * than bfloat16's 8, so that last rounding equals rounding the exact value once.
 */
final class Bf16FmaLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    return HalfLanes.perLane(
        dag,
        n,
        (d, lanes) -> {
          SdValue a = wide(d, lanes.get(0));
          SdValue b = wide(d, lanes.get(1));
          SdValue c = wide(d, lanes.get(2));
          SdValue product = d.node(DagOpcode.FMUL, F64, a, b);
          SdValue sum = RoundToOdd.narrow(d, RoundToOdd.sum(d, product, c));
          return Bf16Bits.round(d, sum);
        });
  }

  private static SdValue wide(SelectionDag dag, SdValue b) {
    return dag.node(DagOpcode.FP_EXTEND, F64, Bf16Bits.toFloat(dag, b));
  }
}
