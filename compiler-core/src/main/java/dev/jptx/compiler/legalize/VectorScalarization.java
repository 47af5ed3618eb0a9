package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.VectorType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * ScalarizeVector (seed: ScalarizeVectorResult / ScalarizeVectorOperand): a vector of an element
 * that no packed register holds becomes its lanes ({@code v2f32 -> 2 x f32}, {@code v2f64 -> 2 x
 * f64}, {@code v2f16 -> 2 x f16} below sm_53), recorded in {@code ScalarizedVectors}: each
 * lane-wise operation runs once per lane, a load or store accesses each lane at its byte offset.
 * Lanes of illegal scalar types ({@code f16} below sm_53, {@code i8}) go on to the scalar handlers.
 */
final class VectorScalarization implements TypeActionHandler {
  private final LegalizeContext cx;
  private final VectorLanes lanes;

  VectorScalarization(LegalizeContext cx) {
    this.cx = cx;
    this.lanes = new VectorLanes(cx);
  }

  @Override
  public void result(SdNode n, int r) {
    VectorType t = (VectorType) n.resultTypes().get(r);
    ScalarType e = t.element();
    List<SdValue> parts =
        switch (n.opcode()) {
          case UNDEF -> {
            List<SdValue> u = new ArrayList<>();
            for (int k = 0; k < t.lanes(); k++) {
              u.add(lanes.undef(e));
            }
            yield u;
          }
          case BUILD_VECTOR -> n.operands();
          case CONCAT_VECTORS -> {
            List<SdValue> all = new ArrayList<>();
            n.operands().forEach(o -> all.addAll(lanes.of(o)));
            yield all;
          }
          case EXTRACT_SUBVECTOR -> {
            int k = VectorLanes.constant(n, 1);
            yield lanes.of(n.operand(0)).subList(k, k + t.lanes());
          }
          case LOAD -> lanes.loadParts(n, Collections.nCopies(t.lanes(), e));
          case BITCAST -> {
            if (n.operand(0).type() instanceof VectorType) {
              throw new IllegalStateException(
                  "ScalarizeVector of a bitcast between vectors is not implemented");
            }
            yield lanes.lanesOfBits(n.operand(0), t);
          }
          default -> {
            if (!VectorLanes.isLaneWise(n.opcode())) {
              throw new IllegalStateException(
                  "ScalarizeVector of the result of " + n.opcode() + " is not implemented");
            }
            List<SdValue> each = new ArrayList<>();
            for (int k = 0; k < t.lanes(); k++) {
              int lane = k;
              each.add(lanes.laneWise(n, e, o -> lanes.of(o).get(lane)));
            }
            yield each;
          }
        };
    cx.values().record(LegalizedValues.Kind.SCALARIZED_VECTORS, n.value(r), parts);
  }

  @Override
  public void operand(SdNode user, int i) {
    SdValue v = user.operand(i);
    List<SdValue> parts = lanes.of(v);
    switch (user.opcode()) {
      case EXTRACT_VECTOR_ELT -> {
        SdValue lane = parts.get(VectorLanes.constant(user, 1));
        cx.replace(user, 0, lane);
      }
      case STORE -> lanes.storeParts(user, parts);
      case BITCAST -> cx.replace(user, 0, lanes.bitsOfLanes(parts, user.resultTypes().get(0)));
      default ->
          throw new IllegalStateException(
              "ScalarizeVector of an operand of " + user.opcode() + " is not implemented");
    }
  }
}
