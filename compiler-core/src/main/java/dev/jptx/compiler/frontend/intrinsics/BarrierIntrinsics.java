package dev.jptx.compiler.frontend.intrinsics;

import dev.jptx.compiler.frontend.translate.TranslationContext;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code Gpu}'s barriers and fences, one row each: {@code syncThreads} and its reductions ({@code
 * bar.sync}, {@code bar.red}), {@code syncWarp} over all 32 lanes ({@code bar.warp.sync -1}, as
 * CUDA's {@code __syncwarp()}), and the three fences ({@code membar.cta/gl/sys}). Java's {@code
 * boolean} is an {@code int} on the stack; the intrinsics take and give {@code i1}.
 */
final class BarrierIntrinsics {
  private static final Map<String, Consumer<TranslationContext>> ROWS =
      Map.of(
          "syncThreads()V", cx -> effect(cx, Intrinsic.BARRIER),
          "syncThreadsCount(Z)I", cx -> reduce(cx, Intrinsic.BARRIER_POPC),
          "syncThreadsAnd(Z)Z", cx -> reduce(cx, Intrinsic.BARRIER_AND),
          "syncThreadsOr(Z)Z", cx -> reduce(cx, Intrinsic.BARRIER_OR),
          "syncWarp()V", BarrierIntrinsics::syncWarp,
          "threadFence()V", cx -> effect(cx, Intrinsic.FENCE_GPU),
          "threadFenceBlock()V", cx -> effect(cx, Intrinsic.FENCE_BLOCK),
          "threadFenceSystem()V", cx -> effect(cx, Intrinsic.FENCE_SYSTEM));

  private BarrierIntrinsics() {}

  /** Translates a call of {@code Gpu.name descriptor}; false if it is not a barrier or fence. */
  static boolean translate(TranslationContext cx, String name, String descriptor) {
    Consumer<TranslationContext> row = ROWS.get(name + descriptor);
    if (row == null) {
      return false;
    }
    row.accept(cx);
    return true;
  }

  private static void effect(TranslationContext cx, Intrinsic in) {
    cx.emitVoid(new InstData.IntrinsicCall(in, List.of()));
  }

  private static void syncWarp(TranslationContext cx) {
    cx.emitVoid(new InstData.IntrinsicCall(Intrinsic.SYNCWARP, List.of(cx.f.i32(-1))));
  }

  /** A barrier that reduces a predicate over the block; the result goes back as an {@code int}. */
  private static void reduce(TranslationContext cx, Intrinsic in) {
    Value p = predicate(cx, cx.popScalar(ScalarType.I32));
    Value r = cx.emit(new InstData.IntrinsicCall(in, List.of(p)), in.result());
    cx.push(toInt(cx, r));
  }

  /** A Java {@code boolean} (0 or 1 in an {@code int}) as an {@code i1}. */
  static Value predicate(TranslationContext cx, Value b) {
    return cx.emit(
        new InstData.Compare(Opcode.ICMP, CmpPredicate.NE, b, cx.f.i32(0)), ScalarType.I1);
  }

  /** An {@code i1} as a Java {@code boolean} on the stack; other results as they are. */
  static Value toInt(TranslationContext cx, Value v) {
    if (cx.f.type(v) != ScalarType.I1) {
      return v;
    }
    return cx.emit(new InstData.Cast(Opcode.ZEXT, v), ScalarType.I32);
  }
}
