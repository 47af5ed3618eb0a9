package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.DagOpcode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code Expand} of an operation on a legal vector type whose instruction the target lacks ({@code
 * add.f16x2} is legal from sm_70 in the seed's model, {@code max.f16x2} from sm_80): one operation
 * per lane, with the node's attributes, on the lanes of its vector operands ({@code
 * EXTRACT_VECTOR_ELT}), packed again ({@code BUILD_VECTOR}). Each lane computes what the packed
 * instruction computes for it, so the result is the same bit for bit; a lane operation the target
 * lacks in turn is legalized on its own ({@code max.f16} below sm_80 is promoted). A chain of such
 * operations passes lanes on directly: the lanes of a {@code BUILD_VECTOR} are its operands.
 */
final class VectorUnrollLowering implements CustomLowering {
  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    VectorType t = (VectorType) n.resultTypes().get(0);
    Map<SdValue, List<SdValue>> lanesOf = new HashMap<>();
    List<SdValue> results = new ArrayList<>();
    for (int k = 0; k < t.lanes(); k++) {
      List<SdValue> ops = new ArrayList<>();
      for (SdValue o : n.operands()) {
        ops.add(o.type().equals(t) ? lanesOf.computeIfAbsent(o, v -> lanes(dag, v)).get(k) : o);
      }
      results.add(dag.node(n.opcode(), ops, List.of(t.element()), n.attrs()).value());
    }
    return dag.node(DagOpcode.BUILD_VECTOR, results, List.of(t), NodeAttrs.NONE).value();
  }

  /** The lanes of {@code v}: a vector just built from lanes (an unrolled operand) gives those. */
  private static List<SdValue> lanes(SelectionDag dag, SdValue v) {
    if (v.node().opcode() == DagOpcode.BUILD_VECTOR) {
      return v.node().operands();
    }
    VectorType t = (VectorType) v.type();
    List<SdValue> lanes = new ArrayList<>();
    for (int k = 0; k < t.lanes(); k++) {
      lanes.add(
          dag.node(
              DagOpcode.EXTRACT_VECTOR_ELT,
              t.element(),
              v,
              dag.constant(dev.jptx.compiler.ir.ScalarType.I32, k)));
    }
    return lanes;
  }
}
