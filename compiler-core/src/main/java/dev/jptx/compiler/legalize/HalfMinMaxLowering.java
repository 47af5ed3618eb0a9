package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;

/**
 * {@code hmax2 hmin2} without {@code max/min.f16x2} (below sm_80): per lane through float. PTX
 * {@code max.f32}/{@code min.f32} already have {@code __hmax2}'s rules (ISA 9.7.3.12: a NaN operand
 * gives the other one, two NaNs give NaN, +0.0 > -0.0), widening is exact, and so is narrowing the
 * chosen value back; a NaN result becomes the canonical {@code 0x7fff} in {@code cvt.rn.f16.f32}.
 */
final class HalfMinMaxLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    DagOpcode op = n.attrs().operation() == Intrinsic.HMAX2 ? DagOpcode.FMAXNUM : DagOpcode.FMINNUM;
    return HalfLanes.perLane(
        dag,
        n,
        (d, lanes) -> {
          SdValue a = HalfLanes.halfToFloat(d, lanes.get(0));
          SdValue b = HalfLanes.halfToFloat(d, lanes.get(1));
          SdValue chosen = d.node(op, ScalarType.F32, a, b);
          return HalfLanes.floatToHalf(d, chosen);
        });
  }
}
