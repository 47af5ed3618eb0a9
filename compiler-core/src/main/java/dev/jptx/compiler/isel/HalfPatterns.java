package dev.jptx.compiler.isel;

import static dev.jptx.compiler.ir.ScalarType.BF16;
import static dev.jptx.compiler.ir.ScalarType.F16;
import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.I16;
import static dev.jptx.compiler.ir.ScalarType.I32;
import static dev.jptx.compiler.isel.Pat.op;
import static dev.jptx.compiler.isel.Pat.reg;
import static dev.jptx.compiler.target.DagOpcode.BITCAST;
import static dev.jptx.compiler.target.DagOpcode.FADD;
import static dev.jptx.compiler.target.DagOpcode.FMA;
import static dev.jptx.compiler.target.DagOpcode.FMAXNUM;
import static dev.jptx.compiler.target.DagOpcode.FMINNUM;
import static dev.jptx.compiler.target.DagOpcode.FMUL;
import static dev.jptx.compiler.target.DagOpcode.FP_EXTEND;
import static dev.jptx.compiler.target.DagOpcode.FP_ROUND;
import static dev.jptx.compiler.target.DagOpcode.FSUB;
import static dev.jptx.compiler.target.HalfOpcodes.ADD_F16;
import static dev.jptx.compiler.target.HalfOpcodes.ADD_F16X2;
import static dev.jptx.compiler.target.HalfOpcodes.ADD_F16X2_B32;
import static dev.jptx.compiler.target.HalfOpcodes.ADD_RN_F16;
import static dev.jptx.compiler.target.HalfOpcodes.ADD_RN_F16X2;
import static dev.jptx.compiler.target.HalfOpcodes.ADD_RN_F16X2_B32;
import static dev.jptx.compiler.target.HalfOpcodes.CVT_F32_F16_B16;
import static dev.jptx.compiler.target.HalfOpcodes.CVT_RN_BF16_F32_B16;
import static dev.jptx.compiler.target.HalfOpcodes.CVT_RN_F16_F32_B16;
import static dev.jptx.compiler.target.HalfOpcodes.FMA_RN_BF16X2;
import static dev.jptx.compiler.target.HalfOpcodes.FMA_RN_BF16X2_B32;
import static dev.jptx.compiler.target.HalfOpcodes.FMA_RN_F16;
import static dev.jptx.compiler.target.HalfOpcodes.FMA_RN_F16X2;
import static dev.jptx.compiler.target.HalfOpcodes.FMA_RN_F16X2_B32;
import static dev.jptx.compiler.target.HalfOpcodes.MAX_F16;
import static dev.jptx.compiler.target.HalfOpcodes.MAX_F16X2;
import static dev.jptx.compiler.target.HalfOpcodes.MAX_F16X2_B32;
import static dev.jptx.compiler.target.HalfOpcodes.MIN_F16;
import static dev.jptx.compiler.target.HalfOpcodes.MIN_F16X2;
import static dev.jptx.compiler.target.HalfOpcodes.MIN_F16X2_B32;
import static dev.jptx.compiler.target.HalfOpcodes.MUL_F16;
import static dev.jptx.compiler.target.HalfOpcodes.MUL_F16X2;
import static dev.jptx.compiler.target.HalfOpcodes.MUL_F16X2_B32;
import static dev.jptx.compiler.target.HalfOpcodes.MUL_RN_F16;
import static dev.jptx.compiler.target.HalfOpcodes.MUL_RN_F16X2;
import static dev.jptx.compiler.target.HalfOpcodes.MUL_RN_F16X2_B32;
import static dev.jptx.compiler.target.HalfOpcodes.SUB_F16;
import static dev.jptx.compiler.target.HalfOpcodes.SUB_F16X2;
import static dev.jptx.compiler.target.HalfOpcodes.SUB_F16X2_B32;
import static dev.jptx.compiler.target.HalfOpcodes.SUB_RN_F16;
import static dev.jptx.compiler.target.HalfOpcodes.SUB_RN_F16X2;
import static dev.jptx.compiler.target.HalfOpcodes.SUB_RN_F16X2_B32;

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.Availability;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.MachineOpcode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The selection rules of half arithmetic on {@code f16} ({@code %h}) and the packed {@code
 * v2f16}/{@code v2bf16} ({@code %hh}), one rule per line: registers only, as PTX has no half
 * immediates. Rounding operations have a strict row ({@code .rn}: exact, never contracted) and a
 * fast-math row (no rounding modifier: contractable by {@code ptxas}; subnormals kept, as CUDA
 * keeps them; an FMA has {@code .rn} either way); {@code max}/{@code min} choose a value and have
 * one. The availability is the instruction's; where the operation table calls an operation legal is
 * the seed's model ({@code target/OperationActions}), so a rule may exist before the target uses
 * it.
 */
final class HalfPatterns {
  private static final Predicate<NodeAttrs> FAST = NodeAttrs::fastMath;
  private static final Predicate<NodeAttrs> STRICT = a -> !a.fastMath();
  private static final Predicate<NodeAttrs> ANY = a -> true;
  private static final Availability ALWAYS = Availability.ALWAYS;
  private static final Availability SM53 = Availability.fromSm(53);
  private static final Availability SM80 = Availability.fromSm(80);
  private static final Type V2F16 = new VectorType(F16, 2);
  private static final Type V2BF16 = new VectorType(BF16, 2);

  // spotless:off
  /** Every rule, strict before fast, the ones folding {@code Gpu}'s bit patterns first. */
  private static final List<SelectionPattern> RULES = List.of(
      // Gpu's int and short patterns reinterpreted as halves and back (onBits below)
      bits(FADD,    V2F16,  STRICT, ADD_RN_F16X2_B32,  SM53),
      bits(FADD,    V2F16,  FAST,   ADD_F16X2_B32,     SM53),
      bits(FSUB,    V2F16,  STRICT, SUB_RN_F16X2_B32,  SM53),
      bits(FSUB,    V2F16,  FAST,   SUB_F16X2_B32,     SM53),
      bits(FMUL,    V2F16,  STRICT, MUL_RN_F16X2_B32,  SM53),
      bits(FMUL,    V2F16,  FAST,   MUL_F16X2_B32,     SM53),
      bits(FMA,     V2F16,  STRICT, FMA_RN_F16X2_B32,  SM53),
      bits(FMA,     V2F16,  FAST,   FMA_RN_F16X2_B32,  SM53),
      bits(FMAXNUM, V2F16,  ANY,    MAX_F16X2_B32,     SM53),
      bits(FMINNUM, V2F16,  ANY,    MIN_F16X2_B32,     SM53),
      bits(FMA,     V2BF16, ANY,    FMA_RN_BF16X2_B32, SM80),
      rule(op(FP_EXTEND, F32, op(BITCAST, F16, reg("a", I16)).sharedToo()), CVT_F32_F16_B16,     ALWAYS),
      rule(op(BITCAST, I16, op(FP_ROUND, F16, reg("a", F32))),                CVT_RN_F16_F32_B16,  ALWAYS),
      rule(op(BITCAST, I16, op(FP_ROUND, BF16, reg("a", F32))),               CVT_RN_BF16_F32_B16, SM80),
      // the half registers
      halves(FADD,    F16,    STRICT, ADD_RN_F16,        SM53),
      halves(FADD,    F16,    FAST,   ADD_F16,           SM53),
      halves(FSUB,    F16,    STRICT, SUB_RN_F16,        SM53),
      halves(FSUB,    F16,    FAST,   SUB_F16,           SM53),
      halves(FMUL,    F16,    STRICT, MUL_RN_F16,        SM53),
      halves(FMUL,    F16,    FAST,   MUL_F16,           SM53),
      halves(FMA,     F16,    STRICT, FMA_RN_F16,        SM53),
      halves(FMA,     F16,    FAST,   FMA_RN_F16,        SM53),
      halves(FADD,    V2F16,  STRICT, ADD_RN_F16X2,      SM53),
      halves(FADD,    V2F16,  FAST,   ADD_F16X2,         SM53),
      halves(FSUB,    V2F16,  STRICT, SUB_RN_F16X2,      SM53),
      halves(FSUB,    V2F16,  FAST,   SUB_F16X2,         SM53),
      halves(FMUL,    V2F16,  STRICT, MUL_RN_F16X2,      SM53),
      halves(FMUL,    V2F16,  FAST,   MUL_F16X2,         SM53),
      halves(FMA,     V2F16,  STRICT, FMA_RN_F16X2,      SM53),
      halves(FMA,     V2F16,  FAST,   FMA_RN_F16X2,      SM53),
      halves(FMA,     V2BF16, ANY,    FMA_RN_BF16X2,     SM80),
      // selections, not roundings: flushing would lose values for no speed
      halves(FMAXNUM, F16,    ANY,    MAX_F16,           SM80),
      halves(FMINNUM, F16,    ANY,    MIN_F16,           SM80),
      halves(FMAXNUM, V2F16,  ANY,    MAX_F16X2,         SM80),
      halves(FMINNUM, V2F16,  ANY,    MIN_F16X2,         SM80));
  // spotless:on

  private HalfPatterns() {}

  /** Every rule in priority order. */
  static List<SelectionPattern> all() {
    return RULES;
  }

  /**
   * {@code bitcast i32 (op (bitcast a) (bitcast b) ...)} as the instruction on {@code %r}: {@code
   * Gpu}'s methods reinterpret {@code int} and {@code short} patterns as halves and back; PTX's
   * half instructions read and write the {@code .b32}/{@code .b16} bit registers as they are, so a
   * bitcast of the result and the bitcasts of the operands fold into the instruction (an operand's
   * bitcast is shared: another user keeps it) instead of moving through {@code %hh}/{@code %h}
   * registers.
   */
  private static SelectionPattern bits(
      DagOpcode op, Type t, Predicate<NodeAttrs> mode, MachineOpcode out, Availability when) {
    List<Pat> operands = new ArrayList<>();
    for (String name : sources(out)) {
      operands.add(op(BITCAST, t, reg(name, I32)).sharedToo());
    }
    Pat.Op inner = op(op, t, mode, operands.toArray(Pat[]::new));
    return rule(op(BITCAST, I32, inner), out, when);
  }

  /** {@code op a b ...} on half registers of type {@code t}, one leaf per source of {@code out}. */
  private static SelectionPattern halves(
      DagOpcode op, Type t, Predicate<NodeAttrs> mode, MachineOpcode out, Availability when) {
    List<Pat> operands = new ArrayList<>();
    for (String name : sources(out)) {
      operands.add(reg(name, t));
    }
    return rule(op(op, t, mode, operands.toArray(Pat[]::new)), out, when);
  }

  /** A rule whose sources are the leaves {@code a b c} in order. */
  private static SelectionPattern rule(Pat.Op pattern, MachineOpcode out, Availability when) {
    return new SelectionPattern(out.name(), pattern, out, sources(out), when);
  }

  /** The leaf names {@code a b c ...}, one per source of {@code out}. */
  private static List<String> sources(MachineOpcode out) {
    List<String> names = new ArrayList<>();
    for (int k = 0; k < out.uses().size(); k++) {
      names.add(String.valueOf((char) ('a' + k)));
    }
    return names;
  }
}
