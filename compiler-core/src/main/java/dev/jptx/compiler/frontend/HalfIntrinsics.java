package dev.jptx.compiler.frontend;

import static dev.jptx.compiler.ir.ScalarType.F32;
import static dev.jptx.compiler.ir.ScalarType.I16;
import static dev.jptx.compiler.ir.ScalarType.I32;

import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The half-precision methods of {@code dev.jptx.Gpu}, one row each: the method's name and
 * descriptor, and the IR it becomes. Values travel as bit patterns, as on the JVM: a binary16 or
 * bfloat16 in a {@code short} (an {@code i32} on the operand stack, so the intrinsic reads its low
 * 16 bits), a pair in an {@code int} with element 0 in the low half. How each intrinsic maps to PTX
 * per target is the backend's business (docs/compiler-internals.md, "Half precision").
 */
final class HalfIntrinsics {
  private record Row(String name, String descriptor, Function<TranslationContext, Value> lower) {}

  private static final List<Row> ROWS =
      List.of(
          new Row(
              "halfToFloat", "(S)F", cx -> widen(cx, Intrinsic.HALF_TO_FLOAT, low(cx, pop(cx)))),
          new Row("floatToHalf", "(F)S", cx -> toShort(cx, narrow(cx, Intrinsic.FLOAT_TO_HALF))),
          new Row(
              "bf16ToFloat", "(S)F", cx -> widen(cx, Intrinsic.BF16_TO_FLOAT, low(cx, pop(cx)))),
          new Row("floatToBf16", "(F)S", cx -> toShort(cx, narrow(cx, Intrinsic.FLOAT_TO_BF16))),
          new Row("lowHalf", "(I)F", cx -> widen(cx, Intrinsic.HALF_TO_FLOAT, low(cx, pop(cx)))),
          new Row("highHalf", "(I)F", cx -> widen(cx, Intrinsic.HALF_TO_FLOAT, high(cx, pop(cx)))),
          new Row("packHalf2", "(FF)I", HalfIntrinsics::pack),
          packed("hadd2", Intrinsic.HADD2, 2),
          packed("hsub2", Intrinsic.HSUB2, 2),
          packed("hmul2", Intrinsic.HMUL2, 2),
          packed("hfma2", Intrinsic.HFMA2, 3),
          packed("hmax2", Intrinsic.HMAX2, 2),
          packed("hmin2", Intrinsic.HMIN2, 2),
          packed("bf16fma2", Intrinsic.BF16FMA2, 3));

  private static final Map<String, Row> BY_KEY = index();

  private HalfIntrinsics() {}

  private static Map<String, Row> index() {
    Map<String, Row> m = new java.util.HashMap<>();
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

  /** A packed operation on {@code arity} {@code int}s, element-wise on their two halves. */
  private static Row packed(String name, Intrinsic in, int arity) {
    return new Row(
        name,
        "(" + "I".repeat(arity) + ")I",
        cx -> {
          List<Value> args = new ArrayList<>();
          for (int k = 0; k < arity; k++) {
            args.add(0, pop(cx));
          }
          return call(cx, in, I32, args);
        });
  }

  /** {@code packHalf2(lo, hi)}: both rounded to binary16, {@code lo} in bits 0..15. */
  private static Value pack(TranslationContext cx) {
    Value hi = call(cx, Intrinsic.FLOAT_TO_HALF, I16, List.of(cx.popScalar(F32)));
    Value lo = call(cx, Intrinsic.FLOAT_TO_HALF, I16, List.of(cx.popScalar(F32)));
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

  private static Value widen(TranslationContext cx, Intrinsic in, Value bits) {
    return call(cx, in, F32, List.of(bits));
  }

  private static Value narrow(TranslationContext cx, Intrinsic in) {
    return call(cx, in, I16, List.of(cx.popScalar(F32)));
  }

  /** A returned {@code short} is sign-extended on the operand stack, as the JVM does. */
  private static Value toShort(TranslationContext cx, Value bits) {
    return cx.emit(new InstData.Cast(Opcode.SEXT, bits), I32);
  }

  private static Value call(TranslationContext cx, Intrinsic in, Type result, List<Value> args) {
    return cx.emit(new InstData.IntrinsicCall(in, args), result);
  }
}
