package dev.jptx.compiler.isel;

import static dev.jptx.compiler.ir.ScalarType.F16;
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

import dev.jptx.compiler.dag.NodeAttrs;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.VectorType;
import dev.jptx.compiler.target.Availability;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.HalfOpcodes;
import dev.jptx.compiler.target.MachineOpcode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The selection rules of half arithmetic on {@code f16} ({@code %h}) and the packed {@code
 * v2f16}/{@code v2bf16} ({@code %hh}): registers only, as PTX has no half immediates. Rounding
 * operations have a strict row ({@code .rn}: exact, never contracted) and a fast-math row (no
 * rounding modifier: contractable by {@code ptxas}; subnormals kept, as CUDA keeps them; an FMA has
 * {@code .rn} either way); {@code max}/{@code min} choose a value and have one. The availability is
 * the instruction's; where the operation table calls an operation legal is the seed's model ({@code
 * target/OperationActions}), so a rule may exist before the target uses it.
 */
final class HalfPatterns {
  private static final Predicate<NodeAttrs> FAST = NodeAttrs::fastMath;
  private static final Predicate<NodeAttrs> STRICT = a -> !a.fastMath();
  private static final Predicate<NodeAttrs> ANY = a -> true;
  private static final Availability ALWAYS = Availability.ALWAYS;
  private static final Availability SM53 = Availability.fromSm(53);
  private static final Availability SM80 = Availability.fromSm(80);
  private static final Type V2F16 = new VectorType(F16, 2);
  private static final Type V2BF16 = new VectorType(ScalarType.BF16, 2);

  private HalfPatterns() {}

  /** Every rule, strict before fast, the ones folding {@code Gpu}'s bit patterns first. */
  static List<SelectionPattern> all() {
    List<SelectionPattern> r = new ArrayList<>();
    onBitRegisters(r);
    arithmetic(r, F16, HalfOpcodes.ADD_RN_F16, HalfOpcodes.ADD_F16, FADD);
    arithmetic(r, F16, HalfOpcodes.SUB_RN_F16, HalfOpcodes.SUB_F16, FSUB);
    arithmetic(r, F16, HalfOpcodes.MUL_RN_F16, HalfOpcodes.MUL_F16, FMUL);
    arithmetic(r, F16, HalfOpcodes.FMA_RN_F16, HalfOpcodes.FMA_RN_F16, FMA);
    arithmetic(r, V2F16, HalfOpcodes.ADD_RN_F16X2, HalfOpcodes.ADD_F16X2, FADD);
    arithmetic(r, V2F16, HalfOpcodes.SUB_RN_F16X2, HalfOpcodes.SUB_F16X2, FSUB);
    arithmetic(r, V2F16, HalfOpcodes.MUL_RN_F16X2, HalfOpcodes.MUL_F16X2, FMUL);
    arithmetic(r, V2F16, HalfOpcodes.FMA_RN_F16X2, HalfOpcodes.FMA_RN_F16X2, FMA);
    r.add(rule(FMA, V2BF16, ANY, HalfOpcodes.FMA_RN_BF16X2, SM80));
    // selections, not roundings: flushing would lose values for no speed
    r.add(rule(FMAXNUM, F16, ANY, HalfOpcodes.MAX_F16, SM80));
    r.add(rule(FMINNUM, F16, ANY, HalfOpcodes.MIN_F16, SM80));
    r.add(rule(FMAXNUM, V2F16, ANY, HalfOpcodes.MAX_F16X2, SM80));
    r.add(rule(FMINNUM, V2F16, ANY, HalfOpcodes.MIN_F16X2, SM80));
    return r;
  }

  /**
   * {@code Gpu}'s methods reinterpret {@code int} and {@code short} patterns as halves and back;
   * PTX's half instructions read and write the {@code .b32}/{@code .b16} bit registers as they are,
   * so a bitcast of the result and the bitcasts of the operands fold into the instruction (an
   * operand's bitcast is shared: another user keeps it) instead of moving through {@code
   * %hh}/{@code %h} registers.
   */
  private static void onBitRegisters(List<SelectionPattern> r) {
    packed(r, FADD, V2F16, STRICT, HalfOpcodes.ADD_RN_F16X2_B32);
    packed(r, FADD, V2F16, FAST, HalfOpcodes.ADD_F16X2_B32);
    packed(r, FSUB, V2F16, STRICT, HalfOpcodes.SUB_RN_F16X2_B32);
    packed(r, FSUB, V2F16, FAST, HalfOpcodes.SUB_F16X2_B32);
    packed(r, FMUL, V2F16, STRICT, HalfOpcodes.MUL_RN_F16X2_B32);
    packed(r, FMUL, V2F16, FAST, HalfOpcodes.MUL_F16X2_B32);
    packed(r, FMA, V2F16, STRICT, HalfOpcodes.FMA_RN_F16X2_B32);
    packed(r, FMA, V2F16, FAST, HalfOpcodes.FMA_RN_F16X2_B32);
    packed(r, FMAXNUM, V2F16, ANY, HalfOpcodes.MAX_F16X2_B32);
    packed(r, FMINNUM, V2F16, ANY, HalfOpcodes.MIN_F16X2_B32);
    packed(r, FMA, V2BF16, ANY, HalfOpcodes.FMA_RN_BF16X2_B32);
    Pat.Op pattern = op(BITCAST, F16, reg("a", ScalarType.I16)).sharedToo();
    r.add(rule(op(FP_EXTEND, ScalarType.F32, pattern), HalfOpcodes.CVT_F32_F16_B16, ALWAYS));
    r.add(
        rule(
            op(BITCAST, ScalarType.I16, op(FP_ROUND, F16, reg("a", ScalarType.F32))),
            HalfOpcodes.CVT_RN_F16_F32_B16,
            ALWAYS));
    r.add(
        rule(
            op(BITCAST, ScalarType.I16, op(FP_ROUND, ScalarType.BF16, reg("a", ScalarType.F32))),
            HalfOpcodes.CVT_RN_BF16_F32_B16,
            SM80));
  }

  /** {@code bitcast i32 (op (bitcast a) (bitcast b) ...)} as the instruction on {@code %r}. */
  private static void packed(
      List<SelectionPattern> r,
      DagOpcode op,
      Type t,
      Predicate<NodeAttrs> mode,
      MachineOpcode out) {
    List<Pat> operands = new ArrayList<>();
    for (int k = 0; k < out.uses().size(); k++) {
      String name = String.valueOf((char) ('a' + k));
      operands.add(op(BITCAST, t, reg(name, ScalarType.I32)).sharedToo());
    }
    Pat.Op inner = op(op, t, mode, operands.toArray(Pat[]::new));
    r.add(rule(op(BITCAST, ScalarType.I32, inner), out, t == V2BF16 ? SM80 : SM53));
  }

  /** A rule whose sources are the leaves {@code a b c} in order. */
  private static SelectionPattern rule(Pat.Op pattern, MachineOpcode out, Availability when) {
    List<String> uses = new ArrayList<>();
    for (int k = 0; k < out.uses().size(); k++) {
      uses.add(String.valueOf((char) ('a' + k)));
    }
    return new SelectionPattern(out.name(), pattern, out, uses, when);
  }

  private static void arithmetic(
      List<SelectionPattern> r, Type t, MachineOpcode strict, MachineOpcode fast, DagOpcode op) {
    r.add(rule(op, t, STRICT, strict, SM53));
    r.add(rule(op, t, FAST, fast, SM53));
  }

  private static SelectionPattern rule(
      DagOpcode op, Type t, Predicate<NodeAttrs> mode, MachineOpcode out, Availability when) {
    List<Pat> operands = new ArrayList<>();
    List<String> uses = new ArrayList<>();
    for (int k = 0; k < out.uses().size(); k++) {
      String name = String.valueOf((char) ('a' + k));
      operands.add(reg(name, t));
      uses.add(name);
    }
    return new SelectionPattern(
        out.name(), op(op, t, mode, operands.toArray(Pat[]::new)), out, uses, when);
  }
}
