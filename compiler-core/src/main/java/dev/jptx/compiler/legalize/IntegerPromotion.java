package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LegalTypes;
import java.util.List;

/**
 * PromoteInteger: a narrow integer ({@code i8}) is carried in the next legal one ({@code i16})
 * whose high bits are unspecified ("any-extended"); each operation makes explicit the bits it
 * needs. Additions, multiplications and bitwise operations work on the wide value as it is (the low
 * bits of the result do not depend on the high bits of the operands); right shifts, divisions and
 * signed comparisons first sign- or zero-extend in the register ({@code sign_extend_inreg}, an
 * {@code and} with the narrow mask, which a value loaded with {@code ld.u8} does not need); shift
 * counts are masked to the narrow width, since the DAG's shifts mask by the width of their own
 * type; a store of the promoted value is a truncating store.
 */
final class IntegerPromotion implements TypeActionHandler {
  private final LegalizeContext cx;

  IntegerPromotion(LegalizeContext cx) {
    this.cx = cx;
  }

  @Override
  public void result(SdNode n, int r) {
    Type narrow = n.resultTypes().get(r);
    Type wide = LegalTypes.action(narrow, cx.target()).into();
    SelectionDag dag = cx.dag();
    SdValue w =
        switch (n.opcode()) {
          case CONSTANT -> dag.constant(wide, n.attrs().bits());
          case UNDEF -> dag.node(DagOpcode.UNDEF, wide);
          case TRUNCATE -> {
            SdValue src = n.operand(0);
            yield src.type().equals(wide) ? src : resize(src, wide);
          }
          case ZERO_EXTEND, SIGN_EXTEND, ANY_EXTEND -> dag.node(n.opcode(), wide, n.operand(0));
          case LOAD_PARAM -> {
            String declared = cx.function().params().get((int) n.attrs().bits()).ptxType();
            NodeAttrs.LoadExtension ext =
                declared.startsWith(".s")
                    ? NodeAttrs.LoadExtension.SIGN
                    : NodeAttrs.LoadExtension.ZERO;
            yield dag.node(DagOpcode.LOAD_PARAM, wide, n.attrs().withExtension(ext));
          }
          case LOAD -> {
            SdNode load =
                dag.node(
                    DagOpcode.LOAD,
                    n.operands(),
                    List.of(wide, SelectionDag.CHAIN),
                    n.attrs().withExtension(NodeAttrs.LoadExtension.ZERO));
            cx.replace(n, 1, load.value(1));
            yield load.value(0);
          }
          case ADD, SUB, MUL, AND, OR, XOR ->
              dag.node(n.opcode(), wide, get(n.operand(0)), get(n.operand(1)));
          case SHL -> dag.node(DagOpcode.SHL, wide, get(n.operand(0)), count(n, wide));
          case SRA -> dag.node(DagOpcode.SRA, wide, signed(n.operand(0), wide), count(n, wide));
          case SRL -> dag.node(DagOpcode.SRL, wide, unsigned(n.operand(0), wide), count(n, wide));
          case SDIV, SREM ->
              dag.node(n.opcode(), wide, signed(n.operand(0), wide), signed(n.operand(1), wide));
          case UDIV, UREM ->
              dag.node(
                  n.opcode(), wide, unsigned(n.operand(0), wide), unsigned(n.operand(1), wide));
          case SELECT ->
              dag.node(DagOpcode.SELECT, wide, n.operand(0), get(n.operand(1)), get(n.operand(2)));
          // a lane of a packed vector, read into the wide register (its high bits unspecified)
          case EXTRACT_VECTOR_ELT ->
              dag.node(DagOpcode.EXTRACT_VECTOR_ELT, wide, n.operand(0), n.operand(1));
          default ->
              throw new IllegalStateException(
                  "PromoteInteger of the result of " + n.opcode() + " is not implemented");
        };
    cx.values().record(LegalizedValues.Kind.PROMOTED_INTEGERS, n.value(r), List.of(w));
  }

  @Override
  public void operand(SdNode user, int i) {
    SdValue narrow = user.operand(i);
    SdValue wide = get(narrow);
    switch (user.opcode()) {
      case SIGN_EXTEND -> cx.replace(user, 0, signed(narrow, user.resultTypes().get(0)));
      case ZERO_EXTEND -> cx.replace(user, 0, unsigned(narrow, user.resultTypes().get(0)));
      case ANY_EXTEND -> cx.replace(user, 0, resize(wide, user.resultTypes().get(0)));
      case TRUNCATE -> cx.replace(user, 0, resize(wide, user.resultTypes().get(0)));
      case STORE, COPY_TO_REG -> cx.rebuildWithOperand(user, i, wide);
      case BUILD_VECTOR -> {
        // a packed vector's lanes may come wide: it keeps their low bits (LLVM's implicit truncate)
        List<SdValue> ops = new java.util.ArrayList<>();
        for (SdValue o : user.operands()) {
          boolean promoted = cx.values().contains(LegalizedValues.Kind.PROMOTED_INTEGERS, o);
          ops.add(promoted ? get(o) : o);
        }
        cx.rebuild(user, ops);
      }
      case SETCC -> {
        boolean signed = user.attrs().predicate().isSigned();
        Type t = wide.type();
        SdValue a = signed ? signed(user.operand(0), t) : unsigned(user.operand(0), t);
        SdValue b = signed ? signed(user.operand(1), t) : unsigned(user.operand(1), t);
        cx.rebuild(user, List.of(a, b));
      }
      case SINT_TO_FP -> cx.rebuildWithOperand(user, i, signed(narrow, wide.type()));
      case SHL, SRA, SRL -> {
        // a narrow count: its low bits are what the shift reads
        Type t = user.operand(0).type();
        cx.rebuildWithOperand(user, i, resize(unsigned(narrow, wide.type()), t));
      }
      default ->
          throw new IllegalStateException(
              "PromoteInteger of an operand of " + user.opcode() + " is not implemented");
    }
  }

  private SdValue get(SdValue narrow) {
    return cx.values().single(LegalizedValues.Kind.PROMOTED_INTEGERS, narrow);
  }

  /** The narrow value sign-extended to {@code to} (at least the promoted width). */
  private SdValue signed(SdValue narrow, Type to) {
    SdValue v = resize(get(narrow), to);
    return cx.dag()
        .node(DagOpcode.SIGN_EXTEND_INREG, to, NodeAttrs.NONE.withMemType(narrow.type()), v);
  }

  /** The narrow value zero-extended to {@code to} (at least the promoted width). */
  private SdValue unsigned(SdValue narrow, Type to) {
    SdValue w = get(narrow);
    if ((w.node().opcode() == DagOpcode.LOAD || w.node().opcode() == DagOpcode.LOAD_PARAM)
        && w.node().attrs().extension() == NodeAttrs.LoadExtension.ZERO) {
      // ld.u8 zero-extended it into the register already: only the widening is left
      return w.type().equals(to) ? w : cx.dag().node(DagOpcode.ZERO_EXTEND, to, w);
    }
    SdValue v = resize(w, to);
    long mask = (1L << narrow.type().bits()) - 1;
    return cx.dag().node(DagOpcode.AND, to, v, cx.dag().constant(to, mask));
  }

  /** A shift count of {@code n}'s narrow type, masked to that width and carried at {@code wide}. */
  private SdValue count(SdNode n, Type wide) {
    SdValue c = n.operand(1);
    SdValue w =
        cx.values().contains(LegalizedValues.Kind.PROMOTED_INTEGERS, c) ? get(c) : resize(c, wide);
    int width = n.resultTypes().get(0).bits();
    return cx.dag().node(DagOpcode.AND, wide, w, cx.dag().constant(wide, width - 1));
  }

  /** {@code v} any-extended or truncated to {@code to}. */
  private SdValue resize(SdValue v, Type to) {
    if (v.type().equals(to)) {
      return v;
    }
    DagOpcode op = v.type().bits() < to.bits() ? DagOpcode.ANY_EXTEND : DagOpcode.TRUNCATE;
    return cx.dag().node(op, to, v);
  }
}
