package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.DagOpcode;
import java.util.ArrayList;
import java.util.List;

/**
 * What the three vector handlers share: the scalar lanes of any vector value, however it was
 * legalized (scalarized, split, widened, or legal), the lane-wise operations they rebuild part by
 * part, and the byte-addressed loads and stores of parts.
 */
final class VectorLanes {
  private final LegalizeContext cx;

  VectorLanes(LegalizeContext cx) {
    this.cx = cx;
  }

  /** Operations that work lane by lane on vectors of their result type. */
  static boolean isLaneWise(DagOpcode op) {
    return switch (op) {
      case ADD, SUB, MUL, SDIV, SREM, UDIV, UREM, AND, OR, XOR, SHL, SRA, SRL, NEG -> true;
      case FADD, FSUB, FMUL, FDIV, FNEG, FMA, FMINNUM, FMAXNUM, SELECT -> true;
      default -> false;
    };
  }

  /**
   * The lanes of {@code v}, each of the element type: from the maps if {@code v} was legalized (a
   * split vector's are its halves' lanes, a widened one's its first lanes), a {@code
   * build_vector}'s operands, else {@code extract_vector_elt} nodes, which legalization rewrites in
   * turn.
   */
  List<SdValue> of(SdValue v) {
    VectorType t = (VectorType) v.type();
    LegalizedValues m = cx.values();
    if (m.contains(LegalizedValues.Kind.SCALARIZED_VECTORS, v)) {
      return m.parts(LegalizedValues.Kind.SCALARIZED_VECTORS, v);
    }
    if (m.contains(LegalizedValues.Kind.SPLIT_VECTORS, v)) {
      List<SdValue> parts = m.parts(LegalizedValues.Kind.SPLIT_VECTORS, v);
      List<SdValue> lanes = new ArrayList<>(of(parts.get(0)));
      lanes.addAll(of(parts.get(1)));
      return lanes;
    }
    if (m.contains(LegalizedValues.Kind.WIDENED_VECTORS, v)) {
      SdValue w = m.single(LegalizedValues.Kind.WIDENED_VECTORS, v);
      return of(w).subList(0, t.lanes());
    }
    SdNode n = v.node();
    if (n.opcode() == DagOpcode.BUILD_VECTOR
        && n.operands().stream().allMatch(o -> o.type().equals(t.element()))) {
      return n.operands();
    }
    List<SdValue> lanes = new ArrayList<>();
    for (int k = 0; k < t.lanes(); k++) {
      lanes.add(cx.dag().node(DagOpcode.EXTRACT_VECTOR_ELT, t.element(), v, cx.index(k)));
    }
    return lanes;
  }

  /**
   * {@code n}'s lane-wise operation at {@code type}, each vector operand replaced by {@code
   * part.apply(operand)}, scalar operands (a select's condition) as they are.
   */
  SdValue laneWise(SdNode n, Type type, java.util.function.UnaryOperator<SdValue> part) {
    List<SdValue> ops = new ArrayList<>();
    for (SdValue o : n.operands()) {
      ops.add(o.type() instanceof VectorType ? part.apply(o) : o);
    }
    return cx.dag().node(n.opcode(), ops, List.of(type), n.attrs()).value();
  }

  /** A {@code build_vector} of {@code type} from {@code lanes}. */
  SdValue build(VectorType type, List<SdValue> lanes) {
    return cx.dag().node(DagOpcode.BUILD_VECTOR, type, lanes.toArray(SdValue[]::new));
  }

  /** An undefined value of {@code type}. */
  SdValue undef(Type type) {
    return cx.dag().node(DagOpcode.UNDEF, type);
  }

  /** The constant operand {@code i} of {@code n} (a lane index). */
  static int constant(SdNode n, int i) {
    SdNode c = n.operand(i).node();
    if (c.opcode() != DagOpcode.CONSTANT) {
      throw new IllegalStateException("lane index of " + n + " is not a constant");
    }
    return (int) c.attrs().bits();
  }

  /**
   * Loads of {@code types} one after another from {@code load}'s address (part {@code k} at the sum
   * of the sizes before it), their chains joined in place of {@code load}'s chain.
   */
  List<SdValue> loadParts(SdNode load, List<? extends Type> types) {
    SelectionDag dag = cx.dag();
    List<SdValue> parts = new ArrayList<>();
    List<SdValue> chains = new ArrayList<>();
    int offset = 0;
    for (Type t : types) {
      NodeAttrs a = load.attrs().withMemory(t, load.attrs().space(), load.attrs().invariant());
      SdNode ld =
          dag.node(
              DagOpcode.LOAD,
              List.of(load.operand(0), offset(load.operand(1), offset)),
              List.of(t, SelectionDag.CHAIN),
              a);
      parts.add(ld.value(0));
      chains.add(ld.value(1));
      offset += t.bits() / 8;
    }
    cx.replace(load, 1, cx.join(chains));
    return parts;
  }

  /** Stores of {@code parts} one after another from {@code store}'s address, replacing it. */
  void storeParts(SdNode store, List<SdValue> parts) {
    SelectionDag dag = cx.dag();
    List<SdValue> chains = new ArrayList<>();
    int offset = 0;
    for (SdValue p : parts) {
      NodeAttrs a = store.attrs().withMemType(p.type());
      chains.add(
          dag.node(
                  DagOpcode.STORE,
                  List.of(store.operand(0), p, offset(store.operand(2), offset)),
                  List.of(SelectionDag.CHAIN),
                  a)
              .value());
      offset += p.type().bits() / 8;
    }
    cx.replace(store, 0, cx.join(chains));
  }

  private SdValue offset(SdValue address, int bytes) {
    if (bytes == 0) {
      return address;
    }
    return cx.dag()
        .node(DagOpcode.ADD, address.type(), address, cx.dag().constant(address.type(), bytes));
  }

  /**
   * The lanes of a vector of {@code type} whose bits are the integer or float {@code scalar} (a
   * bitcast): lane {@code k} is bits {@code k * width} up, truncated and bitcast to the element.
   */
  List<SdValue> lanesOfBits(SdValue scalar, VectorType type) {
    SelectionDag dag = cx.dag();
    SdValue bits = asInteger(scalar);
    ScalarType laneInt = ScalarType.integer(type.element().bits());
    List<SdValue> lanes = new ArrayList<>();
    for (int k = 0; k < type.lanes(); k++) {
      int shift = k * laneInt.bits();
      SdValue s =
          shift == 0
              ? bits
              : dag.node(DagOpcode.SRL, bits.type(), bits, dag.constant(ScalarType.I32, shift));
      SdValue lane = dag.node(DagOpcode.TRUNCATE, laneInt, s);
      lanes.add(
          type.element().isFloat() ? dag.node(DagOpcode.BITCAST, type.element(), lane) : lane);
    }
    return lanes;
  }

  /** The bits of {@code lanes} (lane 0 lowest) as a value of the scalar {@code to}. */
  SdValue bitsOfLanes(List<SdValue> lanes, Type to) {
    SelectionDag dag = cx.dag();
    ScalarType wide = ScalarType.integer(to.bits());
    SdValue acc = null;
    int shift = 0;
    for (SdValue lane : lanes) {
      SdValue z = dag.node(DagOpcode.ZERO_EXTEND, wide, asInteger(lane));
      SdValue placed =
          shift == 0 ? z : dag.node(DagOpcode.SHL, wide, z, dag.constant(ScalarType.I32, shift));
      acc = acc == null ? placed : dag.node(DagOpcode.OR, wide, acc, placed);
      shift += lane.type().bits();
    }
    return to.equals(wide) ? acc : dag.node(DagOpcode.BITCAST, to, acc);
  }

  private SdValue asInteger(SdValue v) {
    if (v.type() instanceof ScalarType s && s.isFloat()) {
      return cx.dag().node(DagOpcode.BITCAST, ScalarType.integer(s.bits()), v);
    }
    return v;
  }
}
