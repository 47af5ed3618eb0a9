package dev.jptx.compiler.frontend.intrinsics;

import dev.jptx.compiler.ir.Builder;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;

/**
 * The {@code Float}/{@code Double} methods that look at a value's class or bits, as plain IR:
 * compares and selects, no intrinsic of their own.
 */
final class JdkFloatBits {
  private JdkFloatBits() {}

  /**
   * {@code floatToIntBits}/{@code doubleToLongBits}: the raw bits, but every NaN as the canonical
   * NaN, so the result does not depend on the payload a device gives NaN results.
   */
  static Value canonicalBits(Builder b, Value x) {
    Function f = b.function();
    ScalarType t = (ScalarType) f.type(x);
    ScalarType bits = ScalarType.integer(t.bits());
    Value nan = f.constant(bits, t == ScalarType.F32 ? 0x7FC00000L : 0x7FF8000000000000L);
    return b.select(b.fcmp(CmpPredicate.UNO, x, x), nan, b.bitcast(x, bits));
  }

  /** {@code isNaN}: unordered with itself; a Java {@code boolean} is an {@code int} 0 or 1. */
  static Value isNaN(Builder b, Value x) {
    return bool(b, b.fcmp(CmpPredicate.UNO, x, x));
  }

  /** {@code isInfinite}: the magnitude is infinity (false for NaN). */
  static Value isInfinite(Builder b, Value x) {
    Function f = b.function();
    ScalarType t = (ScalarType) f.type(x);
    Value inf = f.constant(t, t == ScalarType.F32 ? 0x7F800000L : 0x7FF0000000000000L);
    Value magnitude = b.intrinsic(Intrinsic.FABS, t, x);
    return bool(b, b.fcmp(CmpPredicate.OEQ, magnitude, inf));
  }

  private static Value bool(Builder b, Value i1) {
    return b.cast(Opcode.ZEXT, i1, ScalarType.I32);
  }
}
