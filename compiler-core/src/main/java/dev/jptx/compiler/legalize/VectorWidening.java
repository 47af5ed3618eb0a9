package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.LegalTypes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * WidenVector (seed: WidenVector, "limited NVPTX usage"): a vector short of its element's packed
 * register, or with a lane count that is not a power of two, is carried in the next wider one
 * ({@code v3i8 -> v4i8}), its extra lanes undefined; recorded in {@code WidenedVectors}. Lane-wise
 * operations run on the wide vector as they are (the extra lanes compute nothing anyone reads);
 * loads and stores touch only the real lanes, one at a time, so no byte past the vector is
 * accessed.
 */
final class VectorWidening implements TypeActionHandler {
  private final LegalizeContext cx;
  private final VectorLanes lanes;

  VectorWidening(LegalizeContext cx) {
    this.cx = cx;
    this.lanes = new VectorLanes(cx);
  }

  @Override
  public void result(SdNode n, int r) {
    VectorType t = (VectorType) n.resultTypes().get(r);
    VectorType w = (VectorType) LegalTypes.action(t, cx.target()).into();
    SdValue wide =
        switch (n.opcode()) {
          case UNDEF -> lanes.undef(w);
          case BUILD_VECTOR -> padded(w, n.operands());
          case CONCAT_VECTORS -> {
            List<SdValue> all = new ArrayList<>();
            n.operands().forEach(o -> all.addAll(lanes.of(o)));
            yield padded(w, all);
          }
          case EXTRACT_SUBVECTOR -> {
            int k = VectorLanes.constant(n, 1);
            yield padded(w, lanes.of(n.operand(0)).subList(k, k + t.lanes()));
          }
          case LOAD -> padded(w, lanes.loadParts(n, Collections.nCopies(t.lanes(), t.element())));
          default -> {
            if (!VectorLanes.isLaneWise(n.opcode())) {
              throw new IllegalStateException(
                  "WidenVector of the result of " + n.opcode() + " is not implemented");
            }
            yield lanes.laneWise(n, w, this::get);
          }
        };
    cx.values().record(LegalizedValues.Kind.WIDENED_VECTORS, n.value(r), List.of(wide));
  }

  @Override
  public void operand(SdNode user, int i) {
    SdValue v = user.operand(i);
    switch (user.opcode()) {
      case EXTRACT_VECTOR_ELT -> cx.rebuildWithOperand(user, i, get(v));
      case STORE -> lanes.storeParts(user, lanes.of(v));
      case EXTRACT_SUBVECTOR -> {
        int k = VectorLanes.constant(user, 1);
        VectorType to = (VectorType) user.resultTypes().get(0);
        cx.replace(user, 0, lanes.build(to, lanes.of(v).subList(k, k + to.lanes())));
      }
      default ->
          throw new IllegalStateException(
              "WidenVector of an operand of " + user.opcode() + " is not implemented");
    }
  }

  private SdValue get(SdValue v) {
    return cx.values().single(LegalizedValues.Kind.WIDENED_VECTORS, v);
  }

  /** A {@code build_vector} of {@code w} from {@code real} lanes and undefined ones after. */
  private SdValue padded(VectorType w, List<SdValue> real) {
    List<SdValue> all = new ArrayList<>(real);
    while (all.size() < w.lanes()) {
      all.add(lanes.undef(w.element()));
    }
    return lanes.build(w, all);
  }
}
