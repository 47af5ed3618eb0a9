package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LegalTypes;
import java.util.ArrayList;
import java.util.List;

/**
 * SplitVector (seed: SplitVectorResult / SplitVectorOperand): a vector with more lanes than any
 * register holds becomes its low and high halves ({@code v4f32 -> 2 x v2f32}, {@code v8i8 -> 2 x
 * v4i8}), recorded in {@code SplitVectors}; each lane-wise operation runs once per half, a load or
 * store accesses the low half at the address and the high half right after it. Halves that are
 * still illegal are split or scalarized in a later round of the fixpoint loop.
 */
final class VectorSplitting implements TypeActionHandler {
  private final LegalizeContext cx;
  private final VectorLanes lanes;

  VectorSplitting(LegalizeContext cx) {
    this.cx = cx;
    this.lanes = new VectorLanes(cx);
  }

  @Override
  public void result(SdNode n, int r) {
    VectorType t = (VectorType) n.resultTypes().get(r);
    VectorType h = (VectorType) LegalTypes.action(t, cx.target()).into();
    int half = h.lanes();
    List<SdValue> parts =
        switch (n.opcode()) {
          case UNDEF -> List.of(lanes.undef(h), lanes.undef(h));
          case BUILD_VECTOR ->
              List.of(
                  lanes.build(h, n.operands().subList(0, half)),
                  lanes.build(h, n.operands().subList(half, 2 * half)));
          case CONCAT_VECTORS -> concat(n, h);
          case EXTRACT_SUBVECTOR -> {
            int k = VectorLanes.constant(n, 1);
            yield List.of(sub(h, n.operand(0), k), sub(h, n.operand(0), k + half));
          }
          case LOAD -> lanes.loadParts(n, List.of(h, h));
          case BITCAST -> bitcast(n.operand(0), h);
          default -> {
            if (!VectorLanes.isLaneWise(n.opcode())) {
              throw new IllegalStateException(
                  "SplitVector of the result of " + n.opcode() + " is not implemented");
            }
            yield List.of(
                lanes.laneWise(n, h, o -> get(o).get(0)), lanes.laneWise(n, h, o -> get(o).get(1)));
          }
        };
    cx.values().record(LegalizedValues.Kind.SPLIT_VECTORS, n.value(r), parts);
  }

  @Override
  public void operand(SdNode user, int i) {
    SdValue v = user.operand(i);
    List<SdValue> parts = get(v);
    int half = ((VectorType) parts.get(0).type()).lanes();
    switch (user.opcode()) {
      case EXTRACT_VECTOR_ELT -> {
        int k = VectorLanes.constant(user, 1);
        SdValue part = parts.get(k < half ? 0 : 1);
        cx.replace(
            user,
            0,
            cx.dag()
                .node(
                    DagOpcode.EXTRACT_VECTOR_ELT,
                    user.resultTypes().get(0),
                    part,
                    cx.index(k % half)));
      }
      case EXTRACT_SUBVECTOR -> {
        int k = VectorLanes.constant(user, 1);
        VectorType to = (VectorType) user.resultTypes().get(0);
        SdValue made;
        if (k + to.lanes() <= half) {
          made = sub(to, parts.get(0), k);
        } else if (k >= half) {
          made = sub(to, parts.get(1), k - half);
        } else {
          made = lanes.build(to, lanes.of(v).subList(k, k + to.lanes()));
        }
        cx.replace(user, 0, made);
      }
      case STORE -> lanes.storeParts(user, parts);
      case BITCAST ->
          cx.replace(user, 0, lanes.bitsOfLanes(lanes.of(v), user.resultTypes().get(0)));
      default ->
          throw new IllegalStateException(
              "SplitVector of an operand of " + user.opcode() + " is not implemented");
    }
  }

  private List<SdValue> get(SdValue v) {
    return cx.values().parts(LegalizedValues.Kind.SPLIT_VECTORS, v);
  }

  /** Lanes {@code k ..} of {@code source} as a vector of {@code type}. */
  private SdValue sub(VectorType type, SdValue source, int k) {
    if (k == 0 && source.type().equals(type)) {
      return source;
    }
    return cx.dag().node(DagOpcode.EXTRACT_SUBVECTOR, type, source, cx.index(k));
  }

  /** The halves of a concatenation: the first half of its operands, and the rest. */
  private List<SdValue> concat(SdNode n, VectorType h) {
    int count = n.operands().size();
    if (count % 2 != 0) {
      // an odd count of parts (3 x v2i8): regroup the lanes
      List<SdValue> flat = new ArrayList<>();
      n.operands().forEach(o -> flat.addAll(lanes.of(o)));
      return List.of(
          lanes.build(h, flat.subList(0, h.lanes())),
          lanes.build(h, flat.subList(h.lanes(), 2 * h.lanes())));
    }
    return List.of(
        half(h, n.operands().subList(0, count / 2)),
        half(h, n.operands().subList(count / 2, count)));
  }

  private SdValue half(VectorType h, List<SdValue> ops) {
    if (ops.size() == 1) {
      return ops.get(0);
    }
    return cx.dag().node(DagOpcode.CONCAT_VECTORS, h, ops.toArray(SdValue[]::new));
  }

  /** A bitcast from a scalar of the vector's width: the low and high bits, each bitcast. */
  private List<SdValue> bitcast(SdValue source, VectorType h) {
    if (source.type() instanceof VectorType) {
      throw new IllegalStateException(
          "SplitVector of a bitcast between vectors is not implemented");
    }
    Type halfInt = ScalarType.integer(h.bits());
    SdValue bits =
        source.type() instanceof ScalarType s && s.isFloat()
            ? cx.dag().node(DagOpcode.BITCAST, ScalarType.integer(s.bits()), source)
            : source;
    SdValue lo = cx.dag().node(DagOpcode.TRUNCATE, halfInt, bits);
    SdValue shifted =
        cx.dag()
            .node(
                DagOpcode.SRL,
                bits.type(),
                bits,
                cx.dag().constant(ScalarType.I32, halfInt.bits()));
    SdValue hi = cx.dag().node(DagOpcode.TRUNCATE, halfInt, shifted);
    return List.of(
        cx.dag().node(DagOpcode.BITCAST, h, lo), cx.dag().node(DagOpcode.BITCAST, h, hi));
  }
}
