package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LegalTypes;
import java.util.ArrayList;
import java.util.List;

/**
 * ExpandInteger: a wide integer ({@code i128} where no {@code .b128} register holds it) becomes its
 * low and high halves ({@code i64}), recorded in {@code ExpandedIntegers}. The arithmetic on halves
 * lives in {@link WideArithmetic}, which the operation legalizer also uses where {@code i128} is a
 * legal register type but PTX has no instruction for the operation.
 */
final class IntegerExpansion implements TypeActionHandler {
  private final LegalizeContext cx;
  private final WideArithmetic wide;

  IntegerExpansion(LegalizeContext cx) {
    this.cx = cx;
    this.wide = new WideArithmetic(cx.dag());
  }

  @Override
  public void result(SdNode n, int r) {
    Type t = n.resultTypes().get(r);
    Type half = LegalTypes.action(t, cx.target()).into();
    SelectionDag dag = cx.dag();
    List<SdValue> parts =
        switch (n.opcode()) {
          case CONSTANT -> wide.constant(half, n.attrs().bits());
          case UNDEF -> List.of(dag.node(DagOpcode.UNDEF, half), dag.node(DagOpcode.UNDEF, half));
          case BUILD_PAIR -> List.of(n.operand(0), n.operand(1));
          case ADD -> wide.add(get(n.operand(0)), get(n.operand(1)));
          case SUB -> wide.sub(get(n.operand(0)), get(n.operand(1)));
          case MUL -> wide.mul(get(n.operand(0)), get(n.operand(1)));
          case AND, OR, XOR -> wide.bitwise(n.opcode(), get(n.operand(0)), get(n.operand(1)));
          case SHL, SRA, SRL -> wide.shift(n.opcode(), get(n.operand(0)), count(n.operand(1)));
          case SELECT -> wide.select(n.operand(0), get(n.operand(1)), get(n.operand(2)));
          case ZERO_EXTEND, SIGN_EXTEND, ANY_EXTEND -> wide.extend(n.opcode(), n.operand(0), half);
          case LOAD -> load(n, half);
          default ->
              throw new IllegalStateException(
                  "ExpandInteger of the result of " + n.opcode() + " is not implemented");
        };
    cx.values().record(LegalizedValues.Kind.EXPANDED_INTEGERS, n.value(r), parts);
  }

  @Override
  public void operand(SdNode user, int i) {
    List<SdValue> parts = get(user.operand(i));
    switch (user.opcode()) {
      case TRUNCATE -> {
        Type to = user.resultTypes().get(0);
        SdValue lo = parts.get(0);
        cx.replace(user, 0, to.equals(lo.type()) ? lo : cx.dag().node(DagOpcode.TRUNCATE, to, lo));
      }
      case EXTRACT_ELEMENT ->
          cx.replace(user, 0, parts.get((int) user.operand(1).node().attrs().bits()));
      case SETCC ->
          cx.replace(
              user,
              0,
              wide.compare(user.attrs().predicate(), get(user.operand(0)), get(user.operand(1))));
      case STORE -> store(user, parts);
      case SHL, SRA, SRL -> cx.rebuildWithOperand(user, i, parts.get(0));
      default ->
          throw new IllegalStateException(
              "ExpandInteger of an operand of " + user.opcode() + " is not implemented");
    }
  }

  private List<SdValue> get(SdValue v) {
    return cx.values().parts(LegalizedValues.Kind.EXPANDED_INTEGERS, v);
  }

  /** A shift count: its low half if it is itself expanded, else as it is. */
  private SdValue count(SdValue c) {
    return cx.values().contains(LegalizedValues.Kind.EXPANDED_INTEGERS, c) ? get(c).get(0) : c;
  }

  /** Two loads of the halves, low at the address (little-endian), high 8 bytes on. */
  private List<SdValue> load(SdNode n, Type half) {
    SelectionDag dag = cx.dag();
    NodeAttrs a = n.attrs().withMemory(half, n.attrs().space(), n.attrs().invariant());
    List<SdValue> parts = new ArrayList<>();
    List<SdValue> chains = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      SdValue address = offset(n.operand(1), k * (half.bits() / 8));
      SdNode ld =
          dag.node(
              DagOpcode.LOAD, List.of(n.operand(0), address), List.of(half, SelectionDag.CHAIN), a);
      parts.add(ld.value(0));
      chains.add(ld.value(1));
    }
    cx.replace(n, 1, cx.join(chains));
    return parts;
  }

  private void store(SdNode user, List<SdValue> parts) {
    SelectionDag dag = cx.dag();
    Type half = parts.get(0).type();
    NodeAttrs a = user.attrs().withMemType(half);
    List<SdValue> chains = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      SdValue address = offset(user.operand(2), k * (half.bits() / 8));
      chains.add(
          dag.node(
                  DagOpcode.STORE,
                  List.of(user.operand(0), parts.get(k), address),
                  List.of(SelectionDag.CHAIN),
                  a)
              .value());
    }
    cx.replace(user, 0, cx.join(chains));
  }

  private SdValue offset(SdValue address, int bytes) {
    if (bytes == 0) {
      return address;
    }
    return cx.dag()
        .node(DagOpcode.ADD, address.type(), address, cx.dag().constant(address.type(), bytes));
  }
}
