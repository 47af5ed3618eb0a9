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
import dev.jptx.compiler.target.FastMathApproximations;
import java.util.List;

/**
 * Under {@code fastMath}, replaces calls of the device library's {@code GpuMath} implementations
 * ({@code dev.jptx.compiler.libdevice.FloatMath}) with the hardware approximations of {@link
 * FastMathApproximations}' rows. A function without fast math, and the functions with no row
 * ({@code asin}, {@code cbrt}, ...), keep the accurate library call.
 *
 * <p>Runs before inlining: the call is still a call of the library function, and each function's
 * own fast-math attribute decides (a kernel's {@code @Kernel(fastMath = true)}, or the build's
 * option for every function). The library functions left unused are removed afterwards.
 */
public final class FastMathLowering {
  /** The library class whose methods this pass recognizes, as {@code javaName} prefixes. */
  static final String LIBRARY = FastMathApproximations.LIBRARY;

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
    FastMathApproximations.Row row = FastMathApproximations.of(method);
    if (row == null) {
      return false;
    }
    Builder b = Builder.before(f, call, f.line(call));
    Value x = args.get(0);
    Value r =
        switch (row.shape()) {
          case SCALED ->
              scaled(b, approx(b, row.approx(), scaled(b, x, row.inputScale())), row.outputScale());
          case SIN_OVER_COS ->
              b.binary(
                  Opcode.FDIV,
                  approx(b, Intrinsic.SIN_APPROX, x),
                  approx(b, Intrinsic.COS_APPROX, x));
          case EXP2_OF_PRODUCT ->
              approx(
                  b,
                  Intrinsic.EX2_APPROX_FTZ,
                  b.binary(Opcode.FMUL, args.get(1), approx(b, Intrinsic.LG2_APPROX, x)));
        };
    f.replaceAllUses(f.result(call), r);
    f.remove(call);
    return true;
  }

  private static Value approx(Builder b, Intrinsic in, Value x) {
    return b.intrinsic(in, ScalarType.F32, x);
  }

  private static Value scaled(Builder b, Value x, float factor) {
    if (factor == 1) {
      return x;
    }
    Function f = b.function();
    long bits = Float.floatToRawIntBits(factor) & 0xFFFF_FFFFL;
    return b.binary(Opcode.FMUL, x, f.constant(ScalarType.F32, bits));
  }
}
