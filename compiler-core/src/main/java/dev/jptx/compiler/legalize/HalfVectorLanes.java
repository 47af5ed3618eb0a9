package dev.jptx.compiler.legalize;

import static dev.jptx.compiler.ir.ScalarType.I16;
import static dev.jptx.compiler.ir.ScalarType.I32;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.DagOpcode;
import java.util.ArrayList;
import java.util.List;

/**
 * ScalarizeVector of the packed halves ({@code v2f16} below sm_53, {@code v2bf16} below sm_80), the
 * part of the seed's ScalarizeVectorResult/Operand that {@code Gpu}'s packed methods need: a pair
 * becomes its two lanes, recorded in {@code ScalarizedVectors}, which the scalar handler promotes
 * in turn. Lanes come from a pair's {@code i32} pattern (element 0 in the low half) and go back to
 * it; {@code fadd fsub fmul fma fmaxnum fminnum} run once per lane, with the node's attributes.
 */
final class HalfVectorLanes implements TypeActionHandler {
  private final LegalizeContext cx;

  HalfVectorLanes(LegalizeContext cx) {
    this.cx = cx;
  }

  @Override
  public void result(SdNode n, int r) {
    VectorType t = pair(n.resultTypes().get(r));
    SelectionDag dag = cx.dag();
    List<SdValue> lanes =
        switch (n.opcode()) {
          case BITCAST -> fromBits(n.operand(0), t.element());
          case UNDEF ->
              List.of(
                  dag.node(DagOpcode.UNDEF, t.element()), dag.node(DagOpcode.UNDEF, t.element()));
          case BUILD_VECTOR -> n.operands();
          case FADD, FSUB, FMUL, FMA, FMAXNUM, FMINNUM -> perLane(n, t.element());
          default ->
              throw new IllegalStateException(
                  "ScalarizeVector of the result of " + n.opcode() + " is not implemented");
        };
    cx.values().record(LegalizedValues.Kind.SCALARIZED_VECTORS, n.value(r), lanes);
  }

  @Override
  public void operand(SdNode user, int i) {
    List<SdValue> lanes = get(user.operand(i));
    switch (user.opcode()) {
      case BITCAST -> cx.replace(user, 0, toBits(lanes));
      case EXTRACT_VECTOR_ELT ->
          cx.replace(user, 0, lanes.get((int) user.operand(1).node().attrs().bits()));
      default ->
          throw new IllegalStateException(
              "ScalarizeVector of an operand of " + user.opcode() + " is not implemented");
    }
  }

  private static VectorType pair(dev.jptx.compiler.ir.Type t) {
    if (t instanceof VectorType v && v.lanes() == 2 && v.element().bits() == 16) {
      return v;
    }
    throw new IllegalStateException("ScalarizeVector of " + t.text() + " is not implemented");
  }

  private List<SdValue> get(SdValue pair) {
    return cx.values().parts(LegalizedValues.Kind.SCALARIZED_VECTORS, pair);
  }

  private List<SdValue> perLane(SdNode n, ScalarType element) {
    List<SdValue> out = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      List<SdValue> ops = new ArrayList<>();
      for (SdValue o : n.operands()) {
        ops.add(get(o).get(k));
      }
      out.add(cx.dag().node(n.opcode(), ops, List.of(element), n.attrs()).value());
    }
    return out;
  }

  /** Lane 0 is the low half of the pattern, lane 1 the high half. */
  private List<SdValue> fromBits(SdValue bits, ScalarType element) {
    SelectionDag dag = cx.dag();
    SdValue high = dag.node(DagOpcode.PTX_SRL, I32, bits, dag.constant(I32, 16));
    List<SdValue> lanes = new ArrayList<>();
    for (SdValue half : List.of(bits, high)) {
      lanes.add(dag.node(DagOpcode.BITCAST, element, dag.node(DagOpcode.TRUNCATE, I16, half)));
    }
    return lanes;
  }

  private SdValue toBits(List<SdValue> lanes) {
    SelectionDag dag = cx.dag();
    SdValue[] wide = new SdValue[2];
    for (int k = 0; k < 2; k++) {
      SdValue pattern = dag.node(DagOpcode.BITCAST, I16, lanes.get(k));
      wide[k] = dag.node(DagOpcode.ZERO_EXTEND, I32, pattern);
    }
    SdValue high = dag.node(DagOpcode.PTX_SHL, I32, wide[1], dag.constant(I32, 16));
    return dag.node(DagOpcode.OR, I32, high, wide[0]);
  }
}
