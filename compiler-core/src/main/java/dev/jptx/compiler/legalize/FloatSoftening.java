package dev.jptx.compiler.legalize;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.F64;
import static dev.jptx.compiler.ir.ScalarType.I16;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;
import java.util.ArrayList;
import java.util.List;

/**
 * SoftenFloat (knob {@code soften-float}): a half value no register class holds is carried as its
 * 16-bit pattern in an integer register, recorded in {@code SoftenedFloats}; only the operations
 * that compute on it see a float. Each one widens its operands exactly ({@code cvt.f32.f16}, or the
 * pattern shifted into a float's upper half), computes as {@link FloatPromotion} does — the same
 * single rounding, by the same arguments — and narrows the result to a pattern again. Loads,
 * stores, selects and bit casts move the pattern untouched, so a half that is only copied around
 * costs no conversion and a 16-bit register instead of a 32-bit one; a chain of arithmetic pays a
 * widening per operand that PromoteFloat does not.
 */
final class FloatSoftening implements TypeActionHandler {
  private final LegalizeContext cx;

  FloatSoftening(LegalizeContext cx) {
    this.cx = cx;
  }

  @Override
  public void result(SdNode n, int r) {
    ScalarType half = (ScalarType) n.resultTypes().get(r);
    SelectionDag dag = cx.dag();
    SdValue bits =
        switch (n.opcode()) {
          case CONSTANT_FP -> dag.constant(I16, n.attrs().bits() & 0xFFFF);
          case UNDEF -> dag.node(DagOpcode.UNDEF, I16);
          case BITCAST -> n.operand(0);
          case FP_ROUND -> narrow(half, n.operand(0));
          case FADD, FSUB, FMUL ->
              narrow(half, dag.node(n.opcode(), F32, widen(n, 0), widen(n, 1)));
          case FMA ->
              narrow(
                  half,
                  HalfConversions.fmaRoundedToOdd(
                      dag, half, widen(n, 0), widen(n, 1), widen(n, 2)));
          case FMAXNUM, FMINNUM ->
              narrow(half, dag.node(n.opcode(), F32, widen(n, 0), widen(n, 1)));
          case SELECT ->
              dag.node(DagOpcode.SELECT, I16, n.operand(0), get(n.operand(1)), get(n.operand(2)));
          case LOAD -> {
            SdNode ld =
                dag.node(
                    DagOpcode.LOAD,
                    n.operands(),
                    List.of(I16, SelectionDag.CHAIN),
                    n.attrs().withMemType(I16));
            cx.replace(n, 1, ld.value(1));
            yield ld.value(0);
          }
          default ->
              throw new IllegalStateException(
                  "SoftenFloat of the result of " + n.opcode() + " is not implemented");
        };
    cx.values().record(LegalizedValues.Kind.SOFTENED_FLOATS, n.value(r), List.of(bits));
  }

  @Override
  public void operand(SdNode user, int i) {
    SdValue x = user.operand(i);
    ScalarType half = (ScalarType) x.type();
    switch (user.opcode()) {
      case BITCAST -> cx.replace(user, 0, get(x));
      case FP_EXTEND -> {
        SdValue f = widen(half, get(x));
        boolean toDouble = user.resultTypes().get(0) == F64;
        cx.replace(user, 0, toDouble ? cx.dag().node(DagOpcode.FP_EXTEND, F64, f) : f);
      }
      case STORE ->
          cx.replace(
              user,
              0,
              cx.dag()
                  .node(
                      DagOpcode.STORE,
                      List.of(user.operand(0), get(x), user.operand(2)),
                      List.of(SelectionDag.CHAIN),
                      user.attrs().withMemType(I16))
                  .value());
      case SETCC, FP_TO_SINT_SAT -> {
        List<SdValue> ops = new ArrayList<>(user.operands());
        for (int k = 0; k < ops.size(); k++) {
          if (ops.get(k).type() == half) {
            ops.set(k, widen(half, get(ops.get(k))));
          }
        }
        cx.rebuild(user, ops);
      }
      default ->
          throw new IllegalStateException(
              "SoftenFloat of an operand of " + user.opcode() + " is not implemented");
    }
  }

  private SdValue get(SdValue half) {
    return cx.values().single(LegalizedValues.Kind.SOFTENED_FLOATS, half);
  }

  /** Operand {@code k} of {@code n} as the exact float of its pattern. */
  private SdValue widen(SdNode n, int k) {
    return widen((ScalarType) n.operand(k).type(), get(n.operand(k)));
  }

  private SdValue widen(ScalarType half, SdValue bits) {
    return HalfConversions.widen(cx.dag(), half, bits);
  }

  /** A float rounded once to the half's pattern (exact for a float that holds a half value). */
  private SdValue narrow(ScalarType half, SdValue f) {
    if (f.type() != F32) {
      throw new IllegalStateException("SoftenFloat of a rounding from " + f.type().text());
    }
    return HalfConversions.narrow(cx.dag(), half, f);
  }
}
