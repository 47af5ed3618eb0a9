package dev.jptx.compiler.lowering;

import dev.jptx.compiler.ir.Builder;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.List;

/**
 * Under {@code fastMath}, replaces calls of the device library's {@code GpuMath} implementations
 * ({@code dev.jptx.compiler.libdevice.FloatMath}) with the hardware approximations API.md allows,
 * spelled as CUDA's {@code -use_fast_math} spells them ({@code __expf} is {@code ex2.approx} of
 * {@code x * log2(e)}, {@code __powf} is {@code ex2.approx(y * lg2.approx(x))}, {@code __tanf} is
 * {@code sin.approx / cos.approx}). A function without fast math, and the functions with no
 * approximation ({@code asin}, {@code cbrt}, ...), keep the accurate library call.
 *
 * <p>Runs before inlining: the call is still a call of the library function, and each function's
 * own fast-math attribute decides (a kernel's {@code @Kernel(fastMath = true)}, or the build's
 * option for every function). The library functions left unused are removed afterwards.
 */
public final class FastMathLowering {
  /** The library class whose methods this pass recognizes, as {@code javaName} prefixes. */
  static final String LIBRARY = "dev.jptx.compiler.libdevice.FloatMath.";

  private static final float LOG2_E = 1.442695040888963f;
  private static final float LOG2_10 = 3.321928094887362f;
  private static final float LN_2 = 0.6931471805599453f;
  private static final float LOG10_2 = 0.3010299956639812f;

  private FastMathLowering() {}

  /** Lowers the library calls of every fast-math function of {@code m}; true if one changed. */
  public static boolean run(Module m) {
    boolean changed = false;
    for (Function f : m.functions()) {
      if (!f.attributes().fastMath()) {
        continue;
      }
      for (Inst i : f.allInsts()) {
        if (f.data(i) instanceof InstData.Call c) {
          Function callee = m.function(c.callee());
          String java = callee == null ? "" : callee.attributes().javaName();
          if (java.startsWith(LIBRARY)) {
            changed |= lower(f, i, java.substring(LIBRARY.length()), c.args());
          }
        }
      }
    }
    return changed;
  }

  private static boolean lower(Function f, Inst call, String method, List<Value> args) {
    Builder b = Builder.before(f, call, f.line(call));
    Value x = args.get(0);
    Value r =
        switch (method) {
          case "sin" -> approx(b, Intrinsic.SIN_APPROX, x);
          case "cos" -> approx(b, Intrinsic.COS_APPROX, x);
          case "tan" ->
              b.binary(
                  Opcode.FDIV,
                  approx(b, Intrinsic.SIN_APPROX, x),
                  approx(b, Intrinsic.COS_APPROX, x));
          case "exp" -> approx(b, Intrinsic.EX2_APPROX, scaled(b, x, LOG2_E));
          case "exp2" -> approx(b, Intrinsic.EX2_APPROX, x);
          case "exp10" -> approx(b, Intrinsic.EX2_APPROX, scaled(b, x, LOG2_10));
          case "log" -> scaled(b, approx(b, Intrinsic.LG2_APPROX, x), LN_2);
          case "log2" -> approx(b, Intrinsic.LG2_APPROX, x);
          case "log10" -> scaled(b, approx(b, Intrinsic.LG2_APPROX, x), LOG10_2);
          case "pow" ->
              approx(
                  b,
                  Intrinsic.EX2_APPROX,
                  b.binary(Opcode.FMUL, args.get(1), approx(b, Intrinsic.LG2_APPROX, x)));
          case "sqrt" -> approx(b, Intrinsic.SQRT_APPROX, x);
          case "rsqrt" -> approx(b, Intrinsic.RSQRT_APPROX, x);
          default -> null;
        };
    if (r == null) {
      return false;
    }
    f.replaceAllUses(f.result(call), r);
    f.remove(call);
    return true;
  }

  private static Value approx(Builder b, Intrinsic in, Value x) {
    return b.intrinsic(in, ScalarType.F32, x);
  }

  private static Value scaled(Builder b, Value x, float factor) {
    Function f = b.function();
    long bits = Float.floatToRawIntBits(factor) & 0xFFFF_FFFFL;
    return b.binary(Opcode.FMUL, x, f.constant(ScalarType.F32, bits));
  }
}
