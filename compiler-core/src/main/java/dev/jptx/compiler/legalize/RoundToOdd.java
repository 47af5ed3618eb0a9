package dev.jptx.compiler.legalize;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.target.DagOpcode;
import java.util.List;

/**
 * Rounding to odd, so that a later round-to-nearest-even gives the once-rounded result (Boldo and
 * Melquiond, "Emulation of FMA and correctly rounded sums: proved algorithms using rounding to
 * odd", IEEE TC 2008): an inexact value becomes whichever of its two neighbours in the format has
 * an odd last bit, an exact one stays. If the odd-rounded format has at least two more bits than
 * the final one, rounding it to nearest even equals rounding the exact value once; and rounding to
 * odd twice, to a wide then to a narrower format, equals rounding to odd once to the narrower.
 *
 * <p>PTX's directed roundings ({@code add.rz}) would do, but the DAG has only round-to-nearest
 * arithmetic; so the rounding error is computed exactly (TwoSum for a sum, a conversion back for a
 * narrowing) and the last bit adjusted on the integer pattern. Everything here is strict arithmetic
 * ({@code .rn}, never contracted).
 */
final class RoundToOdd {
  private RoundToOdd() {}

  /**
   * {@code p + c} rounded to odd in their type ({@code f32} or {@code f64}). Exact for finite
   * operands whose sum neither overflows nor falls into the subnormal range of the type (TwoSum's
   * condition); an infinite or NaN operand gives the rounded sum as it is.
   */
  static SdValue sum(SelectionDag dag, SdValue p, SdValue c) {
    ScalarType t = (ScalarType) p.type();
    ScalarType bits = ScalarType.integer(t.bits());
    // Knuth's TwoSum: p + c == s + e exactly, |e| at most half an ulp of s
    SdValue s = dag.node(DagOpcode.FADD, t, p, c);
    SdValue cPart = dag.node(DagOpcode.FSUB, t, s, p);
    SdValue pPart = dag.node(DagOpcode.FSUB, t, s, cPart);
    SdValue pError = dag.node(DagOpcode.FSUB, t, p, pPart);
    SdValue cError = dag.node(DagOpcode.FSUB, t, c, cPart);
    SdValue e = dag.node(DagOpcode.FADD, t, pError, cError);
    // NaN error (an infinite operand) counts as exact: the sum is already right
    SdValue inexact = compare(dag, CmpPredicate.ONE, e, zero(dag, t));
    // s lies beyond the exact value, away from zero, when e has the opposite sign: then the
    // arithmetic shift of the xor of their signs gives -1, one pattern step towards zero
    SdValue sBits = dag.node(DagOpcode.BITCAST, bits, s);
    SdValue signs = dag.node(DagOpcode.XOR, bits, sBits, dag.node(DagOpcode.BITCAST, bits, e));
    SdValue step =
        dag.node(DagOpcode.PTX_SRA, bits, signs, dag.constant(ScalarType.I32, t.bits() - 1));
    return odd(dag, t, sBits, step, inexact);
  }

  /** An {@code f64} rounded to odd in {@code f32}, subnormal and infinite results included. */
  static SdValue narrow(SelectionDag dag, SdValue x) {
    SdValue r = dag.node(DagOpcode.FP_ROUND, ScalarType.F32, x);
    SdValue back = dag.node(DagOpcode.FP_EXTEND, ScalarType.F64, r);
    SdValue inexact = compare(dag, CmpPredicate.ONE, x, back);
    // r rounded away from zero (an overflow to infinity included): step back towards zero
    SdValue away = compare(dag, CmpPredicate.OLT, abs(dag, x), abs(dag, back));
    SdValue step = dag.node(DagOpcode.SIGN_EXTEND, ScalarType.I32, away);
    SdValue rBits = dag.node(DagOpcode.BITCAST, ScalarType.I32, r);
    return odd(dag, ScalarType.F32, rBits, step, inexact);
  }

  /**
   * The odd neighbour of an inexact result: truncate (step is -1 where the rounding went away from
   * zero, else 0) and set the last bit; an exact result is kept, its zero sign included.
   */
  private static SdValue odd(
      SelectionDag dag, ScalarType t, SdValue rounded, SdValue step, SdValue inexact) {
    ScalarType bits = (ScalarType) rounded.type();
    SdValue truncated = dag.node(DagOpcode.ADD, bits, rounded, step);
    SdValue oddBits = dag.node(DagOpcode.OR, bits, truncated, dag.constant(bits, 1));
    SdValue chosen = dag.node(DagOpcode.SELECT, bits, inexact, oddBits, rounded);
    return dag.node(DagOpcode.BITCAST, t, chosen);
  }

  private static SdValue compare(SelectionDag dag, CmpPredicate p, SdValue a, SdValue b) {
    return dag.node(DagOpcode.SETCC, ScalarType.I1, NodeAttrs.NONE.withPredicate(p), a, b);
  }

  private static SdValue zero(SelectionDag dag, ScalarType t) {
    return dag.node(DagOpcode.CONSTANT_FP, t, NodeAttrs.NONE.withBits(0));
  }

  private static SdValue abs(SelectionDag dag, SdValue x) {
    NodeAttrs a = NodeAttrs.NONE.withOperation(Intrinsic.FABS);
    return dag.node(DagOpcode.INTRINSIC, List.of(x), List.of(x.type()), a).value();
  }
}
