package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import java.util.List;

/**
 * Double-width integer arithmetic on (low, high) halves, in legal operations of the half type:
 * carries and borrows by unsigned comparison of the low halves, the product's cross terms with
 * {@code mulhu}, shifts by a count masked to the full width (the DAG's shifts mask, as Java's do)
 * choosing by {@code count >= half} between the in-half and the cross-half form, and comparisons of
 * the high halves decided by the low halves (unsigned) when the high halves are equal.
 */
final class WideArithmetic {
  private final SelectionDag dag;

  WideArithmetic(SelectionDag dag) {
    this.dag = dag;
  }

  /** A constant: the DAG holds 64 bits, sign-extended to the full width. */
  List<SdValue> constant(Type half, long bits) {
    return List.of(dag.constant(half, bits), dag.constant(half, bits >> 63));
  }

  List<SdValue> add(List<SdValue> a, List<SdValue> b) {
    Type h = a.get(0).type();
    SdValue lo = dag.node(DagOpcode.ADD, h, a.get(0), b.get(0));
    SdValue carry = zext(setcc(CmpPredicate.ULT, lo, a.get(0)), h);
    SdValue hi = dag.node(DagOpcode.ADD, h, dag.node(DagOpcode.ADD, h, a.get(1), b.get(1)), carry);
    return List.of(lo, hi);
  }

  List<SdValue> sub(List<SdValue> a, List<SdValue> b) {
    Type h = a.get(0).type();
    SdValue lo = dag.node(DagOpcode.SUB, h, a.get(0), b.get(0));
    SdValue borrow = zext(setcc(CmpPredicate.ULT, a.get(0), b.get(0)), h);
    SdValue hi = dag.node(DagOpcode.SUB, h, dag.node(DagOpcode.SUB, h, a.get(1), b.get(1)), borrow);
    return List.of(lo, hi);
  }

  List<SdValue> mul(List<SdValue> a, List<SdValue> b) {
    Type h = a.get(0).type();
    SdValue lo = dag.node(DagOpcode.MUL, h, a.get(0), b.get(0));
    SdValue cross =
        dag.node(
            DagOpcode.ADD,
            h,
            dag.node(DagOpcode.MUL, h, a.get(0), b.get(1)),
            dag.node(DagOpcode.MUL, h, a.get(1), b.get(0)));
    SdValue hi =
        dag.node(DagOpcode.ADD, h, dag.node(DagOpcode.MULHU, h, a.get(0), b.get(0)), cross);
    return List.of(lo, hi);
  }

  List<SdValue> bitwise(DagOpcode op, List<SdValue> a, List<SdValue> b) {
    Type h = a.get(0).type();
    return List.of(dag.node(op, h, a.get(0), b.get(0)), dag.node(op, h, a.get(1), b.get(1)));
  }

  List<SdValue> select(SdValue condition, List<SdValue> a, List<SdValue> b) {
    Type h = a.get(0).type();
    return List.of(
        dag.node(DagOpcode.SELECT, h, condition, a.get(0), b.get(0)),
        dag.node(DagOpcode.SELECT, h, condition, a.get(1), b.get(1)));
  }

  /** A narrower value extended to the full width: the low half extended, the high half made. */
  List<SdValue> extend(DagOpcode op, SdValue v, Type half) {
    SdValue lo = v.type().equals(half) ? v : dag.node(op, half, v);
    SdValue hi =
        op == DagOpcode.SIGN_EXTEND
            ? dag.node(DagOpcode.SRA, half, lo, dag.constant(ScalarType.I32, half.bits() - 1))
            : dag.constant(half, 0);
    return List.of(lo, hi);
  }

  /**
   * {@code a << c}, {@code a >> c} or {@code a >>> c} with {@code c} masked to the full width. With
   * {@code s = c & (2h - 1)} and {@code big = s >= h}: the in-half form moves the bits that cross
   * between the halves as {@code (x >>> 1) >>> (s ^ (h - 1))}, which is {@code x >>> (h - s)} for
   * {@code s > 0} and 0 for {@code s = 0}; a half shift by {@code s} shifts by {@code s - h} when
   * {@code big}, since half shifts mask their count too.
   */
  List<SdValue> shift(DagOpcode op, List<SdValue> a, SdValue count) {
    Type h = a.get(0).type();
    int hb = h.bits();
    SdValue c = count.type().equals(ScalarType.I32) ? count : resizeToI32(count);
    SdValue s = dag.node(DagOpcode.AND, ScalarType.I32, c, i32(2 * hb - 1));
    SdValue big = setcc(CmpPredicate.UGE, s, i32(hb));
    SdValue back = dag.node(DagOpcode.XOR, ScalarType.I32, s, i32(hb - 1));
    SdValue lo = a.get(0);
    SdValue hi = a.get(1);
    if (op == DagOpcode.SHL) {
      SdValue carried = dag.node(DagOpcode.SRL, h, dag.node(DagOpcode.SRL, h, lo, i32(1)), back);
      SdValue inHalf = dag.node(DagOpcode.OR, h, dag.node(DagOpcode.SHL, h, hi, s), carried);
      SdValue loShifted = dag.node(DagOpcode.SHL, h, lo, s);
      return List.of(
          dag.node(DagOpcode.SELECT, h, big, dag.constant(h, 0), loShifted),
          dag.node(DagOpcode.SELECT, h, big, loShifted, inHalf));
    }
    SdValue carried = dag.node(DagOpcode.SHL, h, dag.node(DagOpcode.SHL, h, hi, i32(1)), back);
    SdValue inHalf = dag.node(DagOpcode.OR, h, dag.node(DagOpcode.SRL, h, lo, s), carried);
    SdValue hiShifted = dag.node(op, h, hi, s);
    SdValue fill =
        op == DagOpcode.SRA ? dag.node(DagOpcode.SRA, h, hi, i32(hb - 1)) : dag.constant(h, 0);
    return List.of(
        dag.node(DagOpcode.SELECT, h, big, hiShifted, inHalf),
        dag.node(DagOpcode.SELECT, h, big, fill, hiShifted));
  }

  /** An integer comparison of two double-width values, as an {@code i1}. */
  SdValue compare(CmpPredicate p, List<SdValue> a, List<SdValue> b) {
    if (p == CmpPredicate.EQ || p == CmpPredicate.NE) {
      SdValue loEq = setcc(p, a.get(0), b.get(0));
      SdValue hiP = setcc(p, a.get(1), b.get(1));
      return dag.node(
          p == CmpPredicate.EQ ? DagOpcode.AND : DagOpcode.OR, ScalarType.I1, loEq, hiP);
    }
    CmpPredicate strict =
        switch (p) {
          case SLT, SLE -> CmpPredicate.SLT;
          case SGT, SGE -> CmpPredicate.SGT;
          case ULT, ULE -> CmpPredicate.ULT;
          case UGT, UGE -> CmpPredicate.UGT;
          default -> throw new IllegalArgumentException("not an integer comparison: " + p);
        };
    CmpPredicate low =
        switch (p) {
          case SLT, ULT -> CmpPredicate.ULT;
          case SLE, ULE -> CmpPredicate.ULE;
          case SGT, UGT -> CmpPredicate.UGT;
          default -> CmpPredicate.UGE;
        };
    SdValue decided = setcc(strict, a.get(1), b.get(1));
    SdValue hiEq = setcc(CmpPredicate.EQ, a.get(1), b.get(1));
    SdValue byLow = dag.node(DagOpcode.AND, ScalarType.I1, hiEq, setcc(low, a.get(0), b.get(0)));
    return dag.node(DagOpcode.OR, ScalarType.I1, decided, byLow);
  }

  private SdValue setcc(CmpPredicate p, SdValue a, SdValue b) {
    return dag.node(DagOpcode.SETCC, ScalarType.I1, NodeAttrs.NONE.withPredicate(p), a, b);
  }

  private SdValue zext(SdValue bit, Type to) {
    return dag.node(DagOpcode.ZERO_EXTEND, to, bit);
  }

  private SdValue i32(int v) {
    return dag.constant(ScalarType.I32, v);
  }

  private SdValue resizeToI32(SdValue v) {
    DagOpcode op = v.type().bits() > 32 ? DagOpcode.TRUNCATE : DagOpcode.ZERO_EXTEND;
    return dag.node(op, ScalarType.I32, v);
  }
}
