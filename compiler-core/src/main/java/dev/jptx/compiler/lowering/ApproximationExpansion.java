package dev.jptx.compiler.lowering;

import dev.jptx.compiler.ir.Builder;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.target.FastMathApproximations;
import dev.jptx.compiler.target.SmTarget;

/**
 * Writes the fast-math approximations a target lacks with the ones it has. Fast math replaces
 * {@code GpuMath.tanh} by {@code tanh.approx.f32} once for every target ({@code lower-fast-math}
 * runs before the module is copied per target); below sm_75 this per-target pass turns it into
 * {@code 1 - 2 / (2^(2|x| log2 e) + 1)} with the sign of {@code x}, by {@code ex2.approx.ftz} and
 * {@code rcp.approx.ftz}, which keeps the instruction's 2^-11 relative error: below 2^-6 in
 * magnitude, where that difference would cancel, {@code x} itself is within it of {@code tanh x}.
 * Large {@code |x|} give {@code 2^t = inf} and 1; NaN stays NaN.
 */
public final class ApproximationExpansion {
  private static final float TWO_LOG2_E = 2.8853900817779268f;

  /** Below this in magnitude {@code tanh x = x (1 - x^2/3 ...)} is {@code x} to 2^-13.5. */
  private static final float TANH_LINEAR = 0x1p-6f;

  private ApproximationExpansion() {}

  /** Expands the approximations of {@code f} that {@code target} lacks; true if there was one. */
  public static boolean run(Function f, SmTarget target) {
    if (FastMathApproximations.TANH_HARDWARE.appliesTo(target)) {
      return false;
    }
    boolean changed = false;
    for (Inst i : f.allInsts()) {
      if (f.data(i) instanceof InstData.IntrinsicCall c && c.intrinsic() == Intrinsic.TANH_APPROX) {
        Builder b = Builder.before(f, i, f.line(i));
        Value x = c.args().get(0);
        Value a = b.intrinsic(Intrinsic.FABS, ScalarType.F32, x);
        Value e =
            b.intrinsic(
                Intrinsic.EX2_APPROX_FTZ,
                ScalarType.F32,
                b.binary(Opcode.FMUL, a, f32(f, TWO_LOG2_E)));
        Value q =
            b.intrinsic(
                Intrinsic.RCP_APPROX_FTZ, ScalarType.F32, b.binary(Opcode.FADD, e, f32(f, 1f)));
        Value t = b.binary(Opcode.FSUB, f32(f, 1f), b.binary(Opcode.FMUL, q, f32(f, 2f)));
        Value signed = b.intrinsic(Intrinsic.COPYSIGN, ScalarType.F32, x, t);
        Value small = b.fcmp(CmpPredicate.OLT, a, f32(f, TANH_LINEAR));
        f.replaceAllUses(f.result(i), b.select(small, x, signed));
        f.remove(i);
        changed = true;
      }
    }
    return changed;
  }

  private static Value f32(Function f, float v) {
    return f.constant(ScalarType.F32, Float.floatToRawIntBits(v) & 0xFFFF_FFFFL);
  }
}
