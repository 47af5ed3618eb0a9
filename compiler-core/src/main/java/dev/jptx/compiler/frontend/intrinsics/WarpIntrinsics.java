package dev.jptx.compiler.frontend.intrinsics;

import dev.jptx.compiler.frontend.translate.TranslationContext;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code Gpu}'s warp operations: the four shuffles for {@code int long float double}, the votes and
 * {@code activeMask}. PTX shuffles move 32 bits, so a {@code float} moves as its bits and a 64-bit
 * value as two shuffles of its halves (what CUDA's {@code __shfl_sync} on {@code double} does);
 * both halves use the same lane operand, so they come from the same source lane.
 */
final class WarpIntrinsics {
  private static final Map<String, Consumer<TranslationContext>> ROWS = rows();

  private WarpIntrinsics() {}

  private static Map<String, Consumer<TranslationContext>> rows() {
    Map<String, Consumer<TranslationContext>> m = new HashMap<>();
    shuffle(m, "shflSync", Intrinsic.SHFL_IDX);
    shuffle(m, "shflUpSync", Intrinsic.SHFL_UP);
    shuffle(m, "shflDownSync", Intrinsic.SHFL_DOWN);
    shuffle(m, "shflXorSync", Intrinsic.SHFL_XOR);
    m.put("ballotSync(IZ)I", cx -> vote(cx, Intrinsic.VOTE_BALLOT));
    m.put("anySync(IZ)Z", cx -> vote(cx, Intrinsic.VOTE_ANY));
    m.put("allSync(IZ)Z", cx -> vote(cx, Intrinsic.VOTE_ALL));
    m.put(
        "activeMask()I",
        cx ->
            cx.push(
                cx.emit(
                    new InstData.IntrinsicCall(Intrinsic.ACTIVEMASK, List.of()), ScalarType.I32)));
    return Map.copyOf(m);
  }

  /** Translates a call of {@code Gpu.name descriptor}; false if it is not a warp operation. */
  static boolean translate(TranslationContext cx, String name, String descriptor) {
    Consumer<TranslationContext> row = ROWS.get(name + descriptor);
    if (row == null) {
      return false;
    }
    row.accept(cx);
    return true;
  }

  private static void shuffle(
      Map<String, Consumer<TranslationContext>> m, String name, Intrinsic in) {
    for (ScalarType t : List.of(ScalarType.I32, ScalarType.I64, ScalarType.F32, ScalarType.F64)) {
      String d = descriptor(t);
      m.put(name + "(I" + d + "I)" + d, cx -> shuffle(cx, in, t));
    }
  }

  private static String descriptor(ScalarType t) {
    return switch (t) {
      case I32 -> "I";
      case I64 -> "J";
      case F32 -> "F";
      default -> "D";
    };
  }

  /** {@code (mask, v, lane)} on the stack: shuffles {@code v}'s bits. */
  private static void shuffle(TranslationContext cx, Intrinsic in, ScalarType t) {
    Value lane = cx.popScalar(ScalarType.I32);
    Value v = cx.popScalar(t);
    Value mask = cx.popScalar(ScalarType.I32);
    ScalarType bits = ScalarType.integer(t.bits());
    Value raw = t == bits ? v : cast(cx, Opcode.BITCAST, v, bits);
    Value moved;
    if (bits == ScalarType.I32) {
      moved = shfl32(cx, in, raw, lane, mask);
    } else {
      Value lo = cast(cx, Opcode.TRUNC, raw, ScalarType.I32);
      Value hi = cast(cx, Opcode.TRUNC, binary(cx, Opcode.LSHR, raw, cx.f.i64(32)), ScalarType.I32);
      Value lo2 = cast(cx, Opcode.ZEXT, shfl32(cx, in, lo, lane, mask), ScalarType.I64);
      Value hi2 = cast(cx, Opcode.ZEXT, shfl32(cx, in, hi, lane, mask), ScalarType.I64);
      moved = binary(cx, Opcode.OR, binary(cx, Opcode.SHL, hi2, cx.f.i64(32)), lo2);
    }
    cx.push(t == bits ? moved : cast(cx, Opcode.BITCAST, moved, t));
  }

  private static Value shfl32(
      TranslationContext cx, Intrinsic in, Value v, Value lane, Value mask) {
    return cx.emit(new InstData.IntrinsicCall(in, List.of(v, lane, mask)), ScalarType.I32);
  }

  /** {@code (mask, predicate)} on the stack. */
  private static void vote(TranslationContext cx, Intrinsic in) {
    Value p = BarrierIntrinsics.predicate(cx, cx.popScalar(ScalarType.I32));
    Value mask = cx.popScalar(ScalarType.I32);
    Value r = cx.emit(new InstData.IntrinsicCall(in, List.of(mask, p)), in.result());
    cx.push(BarrierIntrinsics.toInt(cx, r));
  }

  private static Value cast(TranslationContext cx, Opcode op, Value v, ScalarType to) {
    return cx.emit(new InstData.Cast(op, v), to);
  }

  private static Value binary(TranslationContext cx, Opcode op, Value a, Value b) {
    return cx.emit(new InstData.Binary(op, a, b), cx.f.type(a));
  }
}
