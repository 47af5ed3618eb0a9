package dev.jptx.compiler.frontend.intrinsics;

import static dev.jptx.compiler.ir.ScalarType.I32;
import static dev.jptx.compiler.ir.ScalarType.I64;

import dev.jptx.compiler.ir.Builder;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.List;

/**
 * The integer helpers of {@code Integer}, {@code Long} and {@code Math} as plain IR: comparisons,
 * floor division, single bits, and the {@code *Exact} methods, whose overflow is a {@code
 * check.overflow} that traps whether or not {@code checks} is on. Each works on {@code i32} or
 * {@code i64} alike, the width coming from its operands.
 */
final class JdkIntegerOps {
  private JdkIntegerOps() {}

  /** {@code compare}: -1, 0 or 1 as an {@code int}, signed or unsigned by the predicates. */
  static Value compare(Builder b, Value x, Value y, boolean unsigned) {
    Value greater = b.icmp(unsigned ? CmpPredicate.UGT : CmpPredicate.SGT, x, y);
    Value less = b.icmp(unsigned ? CmpPredicate.ULT : CmpPredicate.SLT, x, y);
    return b.binary(Opcode.SUB, toInt(b, greater), toInt(b, less));
  }

  /** {@code signum}: the comparison with zero. */
  static Value signum(Builder b, Value x) {
    return compare(b, x, zero(b, x), false);
  }

  /**
   * {@code Math.floorDiv}: the truncated quotient, one less when the remainder is nonzero and the
   * operands' signs differ. The divisor is widened to the dividend's width first ({@code (long,
   * int)}).
   */
  static Value floorDiv(Builder b, Value x, Value y) {
    Value d = widen(b, y, x);
    Value q = b.binary(Opcode.SDIV, x, d);
    Value r = b.binary(Opcode.SREM, x, d);
    return b.binary(Opcode.SUB, q, b.cast(Opcode.ZEXT, adjusts(b, r, d), type(b, x)));
  }

  /**
   * {@code Math.floorMod}: the truncated remainder, plus the divisor when it is nonzero and its
   * sign differs from the divisor's; {@code floorMod(long, int)} returns an {@code int}.
   */
  static Value floorMod(Builder b, Value x, Value y) {
    Value d = widen(b, y, x);
    Value r = b.binary(Opcode.SREM, x, d);
    Value m = b.binary(Opcode.ADD, r, b.select(adjusts(b, r, d), d, zero(b, d)));
    return type(b, y) == type(b, x) ? m : b.cast(Opcode.TRUNC, m, type(b, y));
  }

  /**
   * Whether a truncated remainder {@code r} of divisor {@code d} is off the floor's by {@code d}.
   */
  private static Value adjusts(Builder b, Value r, Value d) {
    Value signsDiffer = b.icmp(CmpPredicate.SLT, b.binary(Opcode.XOR, r, d), zero(b, d));
    Value nonzero = b.icmp(CmpPredicate.NE, r, zero(b, r));
    return b.binary(Opcode.AND, signsDiffer, nonzero);
  }

  /**
   * {@code highestOneBit}: the sign bit shifted right by the leading zeros; 0 for 0 (Java shifts).
   */
  static Value highestOneBit(Builder b, Value x) {
    ScalarType t = type(b, x);
    Value zeros = b.intrinsic(Intrinsic.CTLZ, I32, x);
    Value count = t == I64 ? b.cast(Opcode.ZEXT, zeros, I64) : zeros;
    Value top = b.function().constant(t, 1L << (t.bits() - 1));
    return b.binary(Opcode.AND, x, b.binary(Opcode.LSHR, top, count));
  }

  /** {@code lowestOneBit}: {@code x & -x}. */
  static Value lowestOneBit(Builder b, Value x) {
    return b.binary(Opcode.AND, x, b.binary(Opcode.SUB, zero(b, x), x));
  }

  /** {@code addExact}: overflow when both operands' signs differ from the sum's. */
  static Value addExact(Builder b, Value x, Value y) {
    Value sum = b.binary(Opcode.ADD, x, y);
    Value xs = b.binary(Opcode.XOR, x, sum);
    overflowIfNegative(b, b.binary(Opcode.AND, xs, b.binary(Opcode.XOR, y, sum)));
    return sum;
  }

  /**
   * {@code subtractExact}: overflow when the operands' signs differ and the result's is not x's.
   */
  static Value subtractExact(Builder b, Value x, Value y) {
    Value difference = b.binary(Opcode.SUB, x, y);
    Value xy = b.binary(Opcode.XOR, x, y);
    overflowIfNegative(b, b.binary(Opcode.AND, xy, b.binary(Opcode.XOR, x, difference)));
    return difference;
  }

  /** {@code incrementExact}. */
  static Value incrementExact(Builder b, Value x) {
    return addExact(b, x, b.function().constant(type(b, x), 1));
  }

  /** {@code decrementExact}. */
  static Value decrementExact(Builder b, Value x) {
    return subtractExact(b, x, b.function().constant(type(b, x), 1));
  }

  /** {@code negateExact}. */
  static Value negateExact(Builder b, Value x) {
    return subtractExact(b, zero(b, x), x);
  }

  /**
   * {@code multiplyExact}: for {@code int}, the exact product in {@code long} must survive
   * narrowing; for {@code long}, the high half of the product must be the low half's sign
   * extension. {@code (long, int)} widens the {@code int} first.
   */
  static Value multiplyExact(Builder b, Value x, Value y) {
    Value d = widen(b, y, x);
    if (type(b, x) == I32) {
      Value wide = b.binary(Opcode.MUL, b.cast(Opcode.SEXT, x, I64), b.cast(Opcode.SEXT, d, I64));
      Value product = b.cast(Opcode.TRUNC, wide, I32);
      overflowIfDifferent(b, wide, b.cast(Opcode.SEXT, product, I64), I32);
      return product;
    }
    Value low = b.binary(Opcode.MUL, x, d);
    Value high = b.intrinsic(Intrinsic.MULHI, I64, x, d);
    overflowIfDifferent(b, high, b.binary(Opcode.ASHR, low, b.function().i64(63)), I64);
    return low;
  }

  /** {@code toIntExact}: the {@code long} must survive narrowing ("integer overflow"). */
  static Value toIntExact(Builder b, Value x) {
    Value narrow = b.cast(Opcode.TRUNC, x, I32);
    overflowIfDifferent(b, x, b.cast(Opcode.SEXT, narrow, I64), I32);
    return narrow;
  }

  /** {@code absExact}: only the minimum value, the one equal to its own negation, overflows. */
  static Value absExact(Builder b, Value x) {
    Value minimumOnly = b.binary(Opcode.AND, x, b.binary(Opcode.SUB, zero(b, x), x));
    b.addVoid(new InstData.IntrinsicCall(Intrinsic.CHECK_ABS_OVERFLOW, List.of(minimumOnly)));
    return b.intrinsic(Intrinsic.ABS, type(b, x), x);
  }

  /** Stops the kernel if {@code flag}'s sign bit is set; its width names the overflow. */
  private static void overflowIfNegative(Builder b, Value flag) {
    b.addVoid(new InstData.IntrinsicCall(Intrinsic.CHECK_OVERFLOW, List.of(flag)));
  }

  /** Stops the kernel if {@code a != b}, reporting an overflow of {@code width}. */
  private static void overflowIfDifferent(Builder b, Value x, Value y, ScalarType width) {
    Function f = b.function();
    Value differs = b.icmp(CmpPredicate.NE, x, y);
    overflowIfNegative(b, b.select(differs, f.constant(width, -1), f.constant(width, 0)));
  }

  /** {@code y} sign-extended to {@code like}'s width if narrower. */
  private static Value widen(Builder b, Value y, Value like) {
    return type(b, y) == type(b, like) ? y : b.cast(Opcode.SEXT, y, type(b, like));
  }

  private static Value toInt(Builder b, Value i1) {
    return b.cast(Opcode.ZEXT, i1, I32);
  }

  private static Value zero(Builder b, Value like) {
    return b.function().constant(type(b, like), 0);
  }

  private static ScalarType type(Builder b, Value v) {
    return (ScalarType) b.function().type(v);
  }
}
