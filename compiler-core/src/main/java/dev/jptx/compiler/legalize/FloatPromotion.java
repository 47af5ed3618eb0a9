package dev.jptx.compiler.legalize;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.I16;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;
import dev.jptx.compiler.dag.SelectionDag;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LegalTypes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * PromoteFloat: a half value where no register class holds its type ({@code f16} below sm_53,
 * {@code bf16} below sm_80) is carried as the {@code f32} of the same value, recorded in {@code
 * PromotedFloats}; every half is a float exactly, so the bit pattern comes in by an exact widening
 * ({@code cvt.f32.f16}, or the pattern shifted into a float's upper half) and goes out by one
 * rounding ({@code cvt.rn.f16.f32}, or {@link Bf16Bits#round}), a NaN as the canonical {@code
 * 0x7fff}. Each operation rounds its exact result once, as the half instruction would:
 *
 * <ul>
 *   <li>{@code fadd fsub fmul}: one {@code .rn} float operation, then the rounding to the half. A
 *       product of two halves has at most 22 (16) significant bits and is exact in float; for sums,
 *       rounding to p' bits and then to p equals rounding once when p' >= 2p + 2 (Figueroa, "When
 *       is double rounding innocuous?", 1995): 24 >= 2 * 11 + 2 (and 2 * 8 + 2). bfloat16 has
 *       float's exponent range, so an overflow to infinity is the half's too, and float's subnormal
 *       quantum 2^-149 is finer than bfloat16's 2^-133 by more than a product's 16 bits need;
 *   <li>{@code fma} of {@code f16}: the float product is exact (magnitudes 2^-48 to 2^32), the sum
 *       is rounded to odd ({@link RoundToOdd#sum}), which a final rounding to 11 bits turns into
 *       the once-rounded result (Boldo and Melquiond 2008); rounding the float sum to nearest could
 *       land on a binary16 midpoint the exact sum is not on ({@code 3 * 0x3556 + 2^-24});
 *   <li>{@code fma} of {@code bf16}: the product in double (16 bits, 2^-266 to 2^256: exact), the
 *       sum rounded to odd in double, then to odd in float ({@link RoundToOdd#narrow}), then to
 *       nearest even in bfloat16; rounding to odd twice is rounding to odd once to the narrower;
 *   <li>{@code fmaxnum fminnum}: PTX {@code max.f32}/{@code min.f32} choose what {@code __hmax} and
 *       {@code __hmin} choose (ISA 9.7.3.12), an operand or the canonical NaN, which needs no
 *       rounding;
 *   <li>{@code select}, comparisons, conversions to integers and to wider floats read the float,
 *       which has the half's value; loads and stores move the 16-bit pattern.
 * </ul>
 *
 * <p>Promoted arithmetic is always strict ({@code .rn}): fast math changes nothing here.
 */
final class FloatPromotion implements TypeActionHandler {
  private final LegalizeContext cx;

  /** For a promoted value widened from a pattern: that pattern, so narrowing it again is free. */
  private final Map<SdValue, SdValue> patterns = new HashMap<>();

  FloatPromotion(LegalizeContext cx) {
    this.cx = cx;
  }

  @Override
  public void result(SdNode n, int r) {
    ScalarType half = (ScalarType) n.resultTypes().get(r);
    Type wide = LegalTypes.action(half, cx.target()).into();
    if (wide != F32) {
      throw new IllegalStateException("PromoteFloat of " + half.text() + " to " + wide.text());
    }
    SelectionDag dag = cx.dag();
    SdValue w =
        switch (n.opcode()) {
          case CONSTANT_FP ->
              dag.node(
                  DagOpcode.CONSTANT_FP,
                  F32,
                  NodeAttrs.NONE.withBits(HalfFloats.floatBits(half, n.attrs().bits())));
          case UNDEF -> dag.node(DagOpcode.UNDEF, F32);
          case BITCAST -> widen(half, n.operand(0));
          case FP_ROUND -> fromFloat(n, half);
          case FADD, FSUB, FMUL -> round(half, dag.node(n.opcode(), F32, get(n, 0), get(n, 1)));
          case FMA ->
              round(
                  half,
                  HalfConversions.fmaRoundedToOdd(dag, half, get(n, 0), get(n, 1), get(n, 2)));
          case FMAXNUM, FMINNUM -> dag.node(n.opcode(), F32, get(n, 0), get(n, 1));
          case SELECT -> dag.node(DagOpcode.SELECT, F32, n.operand(0), get(n, 1), get(n, 2));
          case LOAD -> load(n, half);
          default ->
              throw new IllegalStateException(
                  "PromoteFloat of the result of " + n.opcode() + " is not implemented");
        };
    cx.values().record(LegalizedValues.Kind.PROMOTED_FLOATS, n.value(r), List.of(w));
  }

  @Override
  public void operand(SdNode user, int i) {
    SdValue x = user.operand(i);
    ScalarType half = (ScalarType) x.type();
    switch (user.opcode()) {
      case BITCAST -> cx.replace(user, 0, narrow(half, get(x)));
      case FP_EXTEND -> {
        Type to = user.resultTypes().get(0);
        SdValue f = get(x);
        cx.replace(user, 0, to == F32 ? f : cx.dag().node(DagOpcode.FP_EXTEND, to, f));
      }
      case STORE -> store(user, half);
      case SETCC, FP_TO_SINT_SAT -> {
        List<SdValue> ops = new ArrayList<>(user.operands());
        for (int k = 0; k < ops.size(); k++) {
          if (ops.get(k).type() == half) {
            ops.set(k, get(ops.get(k)));
          }
        }
        cx.rebuild(user, ops);
      }
      default ->
          throw new IllegalStateException(
              "PromoteFloat of an operand of " + user.opcode() + " is not implemented");
    }
  }

  private SdValue get(SdValue half) {
    return cx.values().single(LegalizedValues.Kind.PROMOTED_FLOATS, half);
  }

  private SdValue get(SdNode n, int operand) {
    return get(n.operand(operand));
  }

  /** The exact float of a 16-bit pattern. */
  private SdValue widen(ScalarType half, SdValue bits) {
    SdValue f = HalfConversions.widen(cx.dag(), half, bits);
    patterns.put(f, bits);
    return f;
  }

  /** The 16-bit pattern of a promoted value: rounded once, or the pattern it was widened from. */
  private SdValue narrow(ScalarType half, SdValue f) {
    SdValue known = patterns.get(f);
    if (known != null) {
      return known;
    }
    return HalfConversions.narrow(cx.dag(), half, f);
  }

  /** A float rounded once to the half format, carried as a float again. */
  private SdValue round(ScalarType half, SdValue f) {
    return widen(half, HalfConversions.narrow(cx.dag(), half, f));
  }

  /**
   * {@code fp_round} to the half: from a float, one rounding; an exact one (a promoted half back
   * from the float register that carried it between blocks) is the float itself.
   */
  private SdValue fromFloat(SdNode n, ScalarType half) {
    SdValue x = n.operand(0);
    if (x.type() != F32) {
      throw new IllegalStateException("PromoteFloat of fp_round from " + x.type().text());
    }
    return n.attrs().bits() == NodeAttrs.EXACT ? x : round(half, x);
  }

  /** A load of the 16-bit pattern, widened. */
  private SdValue load(SdNode n, ScalarType half) {
    SdNode ld =
        cx.dag()
            .node(
                DagOpcode.LOAD,
                n.operands(),
                List.of(I16, SelectionDag.CHAIN),
                n.attrs().withMemType(I16));
    cx.replace(n, 1, ld.value(1));
    return widen(half, ld.value(0));
  }

  /** A store of the 16-bit pattern. */
  private void store(SdNode user, ScalarType half) {
    SdValue bits = narrow(half, get(user.operand(1)));
    SdNode st =
        cx.dag()
            .node(
                DagOpcode.STORE,
                List.of(user.operand(0), bits, user.operand(2)),
                List.of(SelectionDag.CHAIN),
                user.attrs().withMemType(I16));
    cx.replace(user, 0, st.value());
  }
}
