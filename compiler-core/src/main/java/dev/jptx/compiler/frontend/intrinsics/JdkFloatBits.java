package dev.jptx.compiler.frontend.intrinsics;

import dev.jptx.compiler.ir.Builder;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;

/**
 * The {@code Float}/{@code Double}/{@code Math} methods that look at a value's class or bits, as
 * plain IR: compares, selects and integer operations on the bits, no intrinsic of their own.
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
    Value inf = f.constant(t, infinityBits(t));
    Value magnitude = b.intrinsic(Intrinsic.FABS, t, x);
    return bool(b, b.fcmp(CmpPredicate.OEQ, magnitude, inf));
  }

  /** {@code isFinite}: the magnitude is below infinity (false for NaN). */
  static Value isFinite(Builder b, Value x) {
    Function f = b.function();
    ScalarType t = (ScalarType) f.type(x);
    Value magnitude = b.intrinsic(Intrinsic.FABS, t, x);
    return bool(b, b.fcmp(CmpPredicate.OLT, magnitude, f.constant(t, infinityBits(t))));
  }

  /**
   * {@code Math.copySign}: PTX {@code copysign}, which takes the sign bit of the sign even from a
   * NaN; {@code StrictMath.copySign} ({@code strict}) takes a NaN sign as positive.
   */
  static Value copySign(Builder b, Value magnitude, Value sign, boolean strict) {
    Function f = b.function();
    ScalarType t = (ScalarType) f.type(magnitude);
    Value s = sign;
    if (strict) {
      s = b.select(b.fcmp(CmpPredicate.UNO, sign, sign), f.constant(t, oneBits(t)), sign);
    }
    return b.intrinsic(Intrinsic.COPYSIGN, t, s, magnitude);
  }

  /**
   * {@code Math.signum}: zeros and NaN are their own signum, anything else is one with its sign.
   */
  static Value signum(Builder b, Value x) {
    Function f = b.function();
    ScalarType t = (ScalarType) f.type(x);
    Value one = copySign(b, f.constant(t, oneBits(t)), x, false);
    return b.select(b.fcmp(CmpPredicate.UEQ, x, f.constant(t, 0)), x, one);
  }

  /** {@code Math.getExponent}: the unbiased exponent field (bias + 1 for NaN and infinity). */
  static Value getExponent(Builder b, Value x) {
    Function f = b.function();
    ScalarType t = (ScalarType) f.type(x);
    boolean wide = t == ScalarType.F64;
    ScalarType bits = ScalarType.integer(t.bits());
    Value field = b.binary(Opcode.LSHR, b.bitcast(x, bits), f.constant(bits, wide ? 52 : 23));
    Value exponent = wide ? b.cast(Opcode.TRUNC, field, ScalarType.I32) : field;
    Value masked = b.binary(Opcode.AND, exponent, f.i32(wide ? 0x7FF : 0xFF));
    return b.binary(Opcode.SUB, masked, f.i32(wide ? 1023 : 127));
  }

  /**
   * {@code Math.round}: {@code floor(x + 1/2)} without rounding the sum: the floor of {@code x},
   * plus one if the fraction {@code x - floor(x)} is at least a half. The fraction is exact except
   * for {@code -1/2 < x < 0}, where {@code 1 + x} may round but stays above one half. The
   * conversion saturates and maps NaN to 0, as Java's does; a float stays in single precision.
   */
  static Value round(Builder b, Value x) {
    Function f = b.function();
    ScalarType t = (ScalarType) f.type(x);
    Value floor = b.intrinsic(Intrinsic.FLOOR, t, x);
    ScalarType result = t == ScalarType.F32 ? ScalarType.I32 : ScalarType.I64;
    Value whole = b.cast(Opcode.FPTOSI, floor, result);
    Value fraction = b.binary(Opcode.FSUB, x, floor);
    long half = t == ScalarType.F32 ? 0x3F000000L : 0x3FE0000000000000L;
    Value up = b.fcmp(CmpPredicate.OGE, fraction, f.constant(t, half));
    return b.binary(Opcode.ADD, whole, b.cast(Opcode.ZEXT, up, result));
  }

  /**
   * {@code Float.compare}/{@code Double.compare}: by value where ordered, otherwise (equal values,
   * NaN) by the canonical bits as signed integers, which puts {@code -0.0} below {@code +0.0} and
   * NaN above everything.
   */
  static Value compare(Builder b, Value x, Value y) {
    Function f = b.function();
    Value byBits = JdkIntegerOps.compare(b, canonicalBits(b, x), canonicalBits(b, y), false);
    Value above = b.select(b.fcmp(CmpPredicate.OGT, x, y), f.i32(1), byBits);
    return b.select(b.fcmp(CmpPredicate.OLT, x, y), f.i32(-1), above);
  }

  private static long infinityBits(ScalarType t) {
    return t == ScalarType.F32 ? 0x7F800000L : 0x7FF0000000000000L;
  }

  private static long oneBits(ScalarType t) {
    return t == ScalarType.F32 ? 0x3F800000L : 0x3FF0000000000000L;
  }

  private static Value bool(Builder b, Value i1) {
    return b.cast(Opcode.ZEXT, i1, ScalarType.I32);
  }
}
