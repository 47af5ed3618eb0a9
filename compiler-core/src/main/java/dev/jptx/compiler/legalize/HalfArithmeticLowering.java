package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;

/**
 * {@code hadd2 hsub2 hmul2} without {@code f16x2} arithmetic (below sm_53): per lane, widen both
 * halves to float, operate with {@code .rn}, round to binary16. The two roundings give the
 * once-rounded result: a product of two binary16 values has at most 22 significant bits, so the
 * float product is exact; for sums and differences, rounding first to a format of p' bits and then
 * to one of p bits equals rounding once whenever p' >= 2p + 2 (Figueroa, "When is double rounding
 * innocuous?", SIGNUM 1995), and 24 >= 2 * 11 + 2. Fast math changes nothing here.
 */
final class HalfArithmeticLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    DagOpcode op =
        switch ((Intrinsic) n.attrs().operation()) {
          case HADD2 -> DagOpcode.FADD;
          case HSUB2 -> DagOpcode.FSUB;
          default -> DagOpcode.FMUL;
        };
    return HalfLanes.perLane(
        dag,
        n,
        (d, lanes) -> {
          SdValue a = HalfLanes.halfToFloat(d, lanes.get(0));
          SdValue b = HalfLanes.halfToFloat(d, lanes.get(1));
          return HalfLanes.floatToHalf(d, d.node(op, ScalarType.F32, a, b));
        });
  }
}
