package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import java.util.List;

/**
 * The {@code Expand} rows of {@code i128} where it is a legal register type ({@code .b128}, sm_70
 * and PTX ISA 8.3) but PTX has no arithmetic on it: each operand is unpacked into its halves
 * ({@code extract_element}, one {@code mov.b128 {lo, hi}}), the operation is done on the halves by
 * {@link WideArithmetic}, as where {@code i128} is expanded as a type, and the result packed again
 * ({@code build_pair}).
 */
final class WideOperations implements CustomLowering {
  private static final Type HALF = ScalarType.I64;

  @Override
  public SdValue lower(SelectionDag dag, SdNode n) {
    WideArithmetic w = new WideArithmetic(dag);
    Type t = n.resultTypes().get(0);
    return switch (n.opcode()) {
      case CONSTANT -> pack(dag, w.constant(HALF, n.attrs().bits()));
      case ADD -> pack(dag, w.add(halves(dag, n.operand(0)), halves(dag, n.operand(1))));
      case SUB -> pack(dag, w.sub(halves(dag, n.operand(0)), halves(dag, n.operand(1))));
      case MUL -> pack(dag, w.mul(halves(dag, n.operand(0)), halves(dag, n.operand(1))));
      case AND, OR, XOR ->
          pack(dag, w.bitwise(n.opcode(), halves(dag, n.operand(0)), halves(dag, n.operand(1))));
      case SHL, SRA, SRL ->
          pack(dag, w.shift(n.opcode(), halves(dag, n.operand(0)), count(dag, n)));
      case SELECT ->
          pack(dag, w.select(n.operand(0), halves(dag, n.operand(1)), halves(dag, n.operand(2))));
      case ZERO_EXTEND, SIGN_EXTEND, ANY_EXTEND ->
          pack(dag, w.extend(n.opcode(), n.operand(0), HALF));
      case SETCC ->
          w.compare(n.attrs().predicate(), halves(dag, n.operand(0)), halves(dag, n.operand(1)));
      case TRUNCATE -> {
        SdValue lo = halves(dag, n.operand(0)).get(0);
        yield t.equals(HALF) ? lo : dag.node(DagOpcode.TRUNCATE, t, lo);
      }
      default -> throw new IllegalStateException("no expansion of " + n.opcode() + " on i128");
    };
  }

  private static List<SdValue> halves(SelectionDag dag, SdValue v) {
    if (v.node().opcode() == DagOpcode.BUILD_PAIR) {
      // packed here a moment ago: the halves are at hand
      return List.of(v.node().operand(0), v.node().operand(1));
    }
    return List.of(
        dag.node(DagOpcode.EXTRACT_ELEMENT, HALF, v, dag.constant(ScalarType.I32, 0)),
        dag.node(DagOpcode.EXTRACT_ELEMENT, HALF, v, dag.constant(ScalarType.I32, 1)));
  }

  private static SdValue pack(SelectionDag dag, List<SdValue> parts) {
    return dag.node(DagOpcode.BUILD_PAIR, ScalarType.I128, parts.get(0), parts.get(1));
  }

  /** A shift count: the low half of an {@code i128} count, else the count as it is. */
  private static SdValue count(SelectionDag dag, SdNode n) {
    SdValue c = n.operand(1);
    return c.type().equals(ScalarType.I128) ? halves(dag, c).get(0) : c;
  }
}
