package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.List;
import java.util.Set;

/**
 * Computes in {@code float} what Java computes in {@code double} only to round back to {@code
 * float}: {@code (float) Math.sqrt(x)} and {@code (float) (a op b)} for {@code + - * /} of floats
 * widened to double (or double constants that are floats) become one {@code float} operation. The
 * result is the same: double's 53 bits are at least twice float's 24 plus two, and then rounding
 * the correctly rounded double result to float gives the correctly rounded float result (Figueroa,
 * "When is double rounding innocuous?", 1995). LLVM's InstCombine shrinks the same operations.
 *
 * <p>Single precision is what {@code GpuMath.sqrt} and mixed float-double Java expressions need:
 * {@code sqrt.rn.f32} and {@code mul.rn.f32} instead of two conversions around a double
 * instruction, which consumer GPUs run at a fraction of the float rate. Requires nothing; leaves
 * the widening conversions and the double operations dead for {@link DeadCodeElimination} when the
 * narrowed result was their only use.
 */
public final class FloatNarrowing implements FunctionPass {
  private static final Set<Opcode> ARITHMETIC =
      Set.of(Opcode.FADD, Opcode.FSUB, Opcode.FMUL, Opcode.FDIV);

  @Override
  public String name() {
    return "narrow-float";
  }

  @Override
  public boolean run(Function f) {
    boolean changed = false;
    for (Inst i : List.copyOf(f.allInsts())) {
      if (f.data(i) instanceof InstData.Cast c
          && c.opcode() == Opcode.FPTRUNC
          && f.type(c.operand()) == ScalarType.F64
          && f.type(f.result(i)) == ScalarType.F32) {
        InstData narrow = narrowed(f, f.definingInst(c.operand()));
        if (narrow != null) {
          f.setData(i, narrow);
          changed = true;
        }
      }
    }
    return changed;
  }

  /** The float form of the double operation {@code wide}, or null if it has none. */
  private static InstData narrowed(Function f, Inst wide) {
    if (wide == null) {
      return null;
    }
    InstData d = f.data(wide);
    if (d instanceof InstData.IntrinsicCall call
        && call.intrinsic() == Intrinsic.SQRT
        && call.args().size() == 1) {
      Value x = asFloat(f, call.args().get(0));
      return x == null ? null : new InstData.IntrinsicCall(Intrinsic.SQRT, List.of(x));
    }
    if (d instanceof InstData.Binary b && ARITHMETIC.contains(b.opcode())) {
      Value lhs = asFloat(f, b.lhs());
      Value rhs = asFloat(f, b.rhs());
      return lhs == null || rhs == null ? null : new InstData.Binary(b.opcode(), lhs, rhs);
    }
    return null;
  }

  /** The float that {@code v} widens exactly: an {@code fpext}'s operand or a float constant. */
  private static Value asFloat(Function f, Value v) {
    if (f.isConstant(v)) {
      double d = Double.longBitsToDouble(f.constantBits(v));
      float narrow = (float) d;
      // NaN constants keep their double payload: leave them to the double operation
      if (Double.isNaN(d) || (double) narrow != d) {
        return null;
      }
      return f.constant(ScalarType.F32, Float.floatToRawIntBits(narrow) & 0xffffffffL);
    }
    Inst def = f.definingInst(v);
    if (def != null
        && f.data(def) instanceof InstData.Cast c
        && c.opcode() == Opcode.FPEXT
        && f.type(c.operand()) == ScalarType.F32) {
      return c.operand();
    }
    return null;
  }
}
