package dev.jptx.compiler.frontend.intrinsics;

import static dev.jptx.compiler.ir.ScalarType.BF16;
import static dev.jptx.compiler.ir.ScalarType.F16;
import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.I16;
import static dev.jptx.compiler.ir.ScalarType.I32;

import dev.jptx.compiler.frontend.translate.TranslationContext;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.VectorType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The half-precision methods of {@code dev.jptx.Gpu}, one row each: the method's name and
 * descriptor, and the generic IR it becomes. {@code Gpu} passes bit patterns, as on the JVM: a
 * binary16 or bfloat16 in a {@code short} (an {@code i32} on the operand stack, of which the low 16
 * bits count), a pair in an {@code int} with element 0 in the low half. The IR reinterprets them
 * ({@code bitcast i16 -> f16}, {@code bitcast i32 -> v2f16}) and computes on the half types: {@code
 * fpext}/{@code fptrunc} convert (exact, and rounded to nearest even with NaN as {@code 0x7fff}),
 * {@code fadd fsub fmul} and the {@code fma fmaxnum fminnum} intrinsics work lane by lane on {@code
 * v2f16} ({@code v2bf16} for {@code bf16fma2}), and the result is reinterpreted back. How each
 * target computes these is legalization's business (docs/compiler-internals.md, "Half precision").
 */
final class HalfIntrinsics {
  private record Row(String name, String descriptor, Function<TranslationContext, Value> lower) {}

  private static final VectorType V2F16 = new VectorType(F16, 2);
  private static final VectorType V2BF16 = new VectorType(BF16, 2);

  private static final List<Row> ROWS =
      List.of(
          new Row("halfToFloat", "(S)F", cx -> widen(cx, F16, low(cx, pop(cx)))),
          new Row("floatToHalf", "(F)S", cx -> toShort(cx, narrow(cx, F16, cx.popScalar(F32)))),
          new Row("bf16ToFloat", "(S)F", cx -> widen(cx, BF16, low(cx, pop(cx)))),
          new Row("floatToBf16", "(F)S", cx -> toShort(cx, narrow(cx, BF16, cx.popScalar(F32)))),
          new Row("lowHalf", "(I)F", cx -> widen(cx, F16, low(cx, pop(cx)))),
          new Row("highHalf", "(I)F", cx -> widen(cx, F16, high(cx, pop(cx)))),
          new Row("packHalf2", "(FF)I", HalfIntrinsics::pack),
          arithmetic("hadd2", Opcode.FADD),
          arithmetic("hsub2", Opcode.FSUB),
          arithmetic("hmul2", Opcode.FMUL),
          intrinsic("hfma2", Intrinsic.FMA, V2F16),
          intrinsic("hmax2", Intrinsic.FMAXNUM, V2F16),
          intrinsic("hmin2", Intrinsic.FMINNUM, V2F16),
          intrinsic("bf16fma2", Intrinsic.FMA, V2BF16));

  private static final Map<String, Row> BY_KEY = index();

  private HalfIntrinsics() {}

  private static Map<String, Row> index() {
    Map<String, Row> m = new HashMap<>();
    for (Row r : ROWS) {
      m.put(r.name() + r.descriptor(), r);
    }
    return Map.copyOf(m);
  }

  /** Translates a call of {@code Gpu.name desc}; false if it is not a half-precision method. */
  static boolean translate(TranslationContext cx, String name, String descriptor) {
    Row r = BY_KEY.get(name + descriptor);
    if (r == null) {
      return false;
    }
    cx.push(r.lower().apply(cx));
    return true;
  }

  /** {@code hadd2 hsub2 hmul2}: the IR operation on the two pairs as {@code v2f16}. */
  private static Row arithmetic(String name, Opcode op) {
    return new Row(
        name,
        "(II)I",
        cx -> {
          Value b = pairs(cx, pop(cx), V2F16);
          Value a = pairs(cx, pop(cx), V2F16);
          return bits(cx, cx.emit(new InstData.Binary(op, a, b), V2F16));
        });
  }

  /** A packed intrinsic on as many pairs as it takes, as vectors of {@code type}. */
  private static Row intrinsic(String name, Intrinsic in, VectorType type) {
    int arity = in == Intrinsic.FMA ? 3 : 2;
    return new Row(
        name,
        "(" + "I".repeat(arity) + ")I",
        cx -> {
          List<Value> args = new ArrayList<>();
          for (int k = 0; k < arity; k++) {
            args.add(0, pairs(cx, pop(cx), type));
          }
          return bits(cx, cx.emit(new InstData.IntrinsicCall(in, args), type));
        });
  }

  /** {@code packHalf2(lo, hi)}: both rounded to binary16, {@code lo} in bits 0..15. */
  private static Value pack(TranslationContext cx) {
    Value hi = narrow(cx, F16, cx.popScalar(F32));
    Value lo = narrow(cx, F16, cx.popScalar(F32));
    Value high = cx.emit(new InstData.Cast(Opcode.ZEXT, hi), I32);
    Value shifted = cx.emit(new InstData.Binary(Opcode.SHL, high, cx.f.constant(I32, 16)), I32);
    Value low = cx.emit(new InstData.Cast(Opcode.ZEXT, lo), I32);
    return cx.emit(new InstData.Binary(Opcode.OR, shifted, low), I32);
  }

  private static Value pop(TranslationContext cx) {
    return cx.popScalar(I32);
  }

  /** The low 16 bits of an {@code int}: a {@code short}'s pattern, or element 0 of a pair. */
  private static Value low(TranslationContext cx, Value v) {
    return cx.emit(new InstData.Cast(Opcode.TRUNC, v), I16);
  }

  /** Element 1 of a pair. */
  private static Value high(TranslationContext cx, Value v) {
    Value shifted = cx.emit(new InstData.Binary(Opcode.LSHR, v, cx.f.constant(I32, 16)), I32);
    return low(cx, shifted);
  }

  /** The exact float of a 16-bit pattern of the half type {@code half}. */
  private static Value widen(TranslationContext cx, ScalarType half, Value bits) {
    Value h = cast(cx, Opcode.BITCAST, bits, half);
    return cast(cx, Opcode.FPEXT, h, F32);
  }

  /** A float rounded to the half type {@code half}, as its 16-bit pattern. */
  private static Value narrow(TranslationContext cx, ScalarType half, Value f) {
    Value h = cast(cx, Opcode.FPTRUNC, f, half);
    return cast(cx, Opcode.BITCAST, h, I16);
  }

  /** A pair's {@code int} pattern as a vector of two halves. */
  private static Value pairs(TranslationContext cx, Value bits, VectorType type) {
    return cast(cx, Opcode.BITCAST, bits, type);
  }

  /** A vector of two halves as its {@code int} pattern. */
  private static Value bits(TranslationContext cx, Value pair) {
    return cast(cx, Opcode.BITCAST, pair, I32);
  }

  /** A returned {@code short} is sign-extended on the operand stack, as the JVM does. */
  private static Value toShort(TranslationContext cx, Value bits) {
    return cast(cx, Opcode.SEXT, bits, I32);
  }

  private static Value cast(TranslationContext cx, Opcode op, Value v, Type to) {
    return cx.emit(new InstData.Cast(op, v), to);
  }
}
