package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;

/**
 * {@code hfma2} without {@code fma.rn.f16x2} (below sm_53): per lane, {@code a * b + c} rounded
 * once to binary16. The float product of two binary16 values is exact (22 significant bits,
 * magnitudes 2^-48 to 2^32); the sum is rounded to odd in float ({@link RoundToOdd#sum}: exact
 * there, as the exact sum is 0 or at least 2^-48 and below 2^33), and 24 bits are at least two more
 * than binary16's 11, so {@code cvt.rn.f16.f32} then rounds it as if once. Rounding the float sum
 * to nearest instead could land on a binary16 midpoint the exact sum is not on.
 */
final class HalfFmaLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    return HalfLanes.perLane(
        dag,
        n,
        (d, lanes) -> {
          SdValue a = HalfLanes.halfToFloat(d, lanes.get(0));
          SdValue b = HalfLanes.halfToFloat(d, lanes.get(1));
          SdValue c = HalfLanes.halfToFloat(d, lanes.get(2));
          SdValue product = d.node(DagOpcode.FMUL, ScalarType.F32, a, b);
          return HalfLanes.floatToHalf(d, RoundToOdd.sum(d, product, c));
        });
  }
}
