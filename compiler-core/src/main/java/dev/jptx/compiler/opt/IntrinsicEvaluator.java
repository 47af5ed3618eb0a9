package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import java.util.List;

/**
 * Evaluates the pure integer and float intrinsics of the Java libraries on constant bit patterns,
 * with the JDK methods they implement ({@code Integer.bitCount}, {@code Math.fma}, ...), so folding
 * gives exactly what the device computes. Returns null for every other intrinsic and type.
 *
 * <p>{@code fminnum}/{@code fmaxnum} have PTX's {@code min}/{@code max} semantics: the non-NaN
 * operand. For two zeros of opposite signs, targets before sm_80 may return either, so the fold
 * returns the first operand, as a compare-and-select would; {@code JavaMinMax} selects Java's
 * ordered zero itself, and folding through it shows that it does.
 */
final class IntrinsicEvaluator {
  private IntrinsicEvaluator() {}

  /**
   * The result's bits (zero-extended), or null.
   *
   * @param in the intrinsic
   * @param result the call's result type
   * @param argTypes the arguments' types
   * @param args the arguments' bits, zero-extended as constants are stored
   */
  static Long evaluate(Intrinsic in, Type result, List<Type> argTypes, long[] args) {
    if (argTypes.isEmpty() || !(argTypes.get(0) instanceof ScalarType t)) {
      return null;
    }
    if (t == ScalarType.I32) {
      Long r = int32(in, args);
      return r == null ? null : r & 0xFFFF_FFFFL;
    }
    if (t == ScalarType.I64) {
      Long r = int64(in, args);
      return r == null ? null : result == ScalarType.I32 ? r & 0xFFFF_FFFFL : r;
    }
    if (t == ScalarType.F64) {
      Double r = float64(in, args);
      return r == null ? null : Double.doubleToRawLongBits(r);
    }
    if (t == ScalarType.F32) {
      Float r = float32(in, args);
      return r == null ? null : Float.floatToRawIntBits(r) & 0xFFFF_FFFFL;
    }
    return null;
  }

  private static Long int32(Intrinsic in, long[] bits) {
    int a = (int) bits[0];
    int b = bits.length > 1 ? (int) bits[1] : 0;
    Integer r =
        switch (in) {
          case SMIN -> Math.min(a, b);
          case SMAX -> Math.max(a, b);
          case UMIN -> Integer.compareUnsigned(a, b) <= 0 ? a : b;
          case UMAX -> Integer.compareUnsigned(a, b) >= 0 ? a : b;
          case ABS -> Math.abs(a);
          case MULHI -> (int) (((long) a * b) >> 32);
          case CTPOP -> Integer.bitCount(a);
          case CTLZ -> Integer.numberOfLeadingZeros(a);
          case CTTZ -> Integer.numberOfTrailingZeros(a);
          case BITREVERSE -> Integer.reverse(a);
          case BSWAP -> Integer.reverseBytes(a);
          case ROTL -> Integer.rotateLeft(a, b);
          case ROTR -> Integer.rotateRight(a, b);
          case FSHL -> {
            int n = (int) bits[2] & 31;
            yield n == 0 ? a : a << n | b >>> (32 - n);
          }
          case BFI -> (int) bitFieldInsert(a, b, (int) bits[2], (int) bits[3], 32);
          default -> null;
        };
    return r == null ? null : (long) r;
  }

  private static Long int64(Intrinsic in, long[] bits) {
    long a = bits[0];
    long b = bits.length > 1 ? bits[1] : 0;
    return switch (in) {
      case SMIN -> Math.min(a, b);
      case SMAX -> Math.max(a, b);
      case UMIN -> Long.compareUnsigned(a, b) <= 0 ? a : b;
      case UMAX -> Long.compareUnsigned(a, b) >= 0 ? a : b;
      case ABS -> Math.abs(a);
      case MULHI -> Math.multiplyHigh(a, b);
      case CTPOP -> (long) Long.bitCount(a);
      case CTLZ -> (long) Long.numberOfLeadingZeros(a);
      case CTTZ -> (long) Long.numberOfTrailingZeros(a);
      case BITREVERSE -> Long.reverse(a);
      case BSWAP -> Long.reverseBytes(a);
      // the count is an i32
      case ROTL -> Long.rotateLeft(a, (int) b);
      case ROTR -> Long.rotateRight(a, (int) b);
      case BFI -> bitFieldInsert(a, b, (int) bits[2], (int) bits[3], 64);
      default -> null;
    };
  }

  /** PTX {@code bfi}: {@code len} bits of {@code insert} at {@code pos} of {@code base}. */
  private static long bitFieldInsert(long base, long insert, int pos, int len, int width) {
    int p = pos & 0xff;
    int l = len & 0xff;
    if (l == 0 || p >= width) {
      return base;
    }
    int n = Math.min(l, width - p);
    long field = (n == 64 ? -1L : (1L << n) - 1) << p;
    return base & ~field | insert << p & field;
  }

  private static Double float64(Intrinsic in, long[] bits) {
    double a = Double.longBitsToDouble(bits[0]);
    double b = bits.length > 1 ? Double.longBitsToDouble(bits[1]) : 0;
    return switch (in) {
      case FABS -> Math.abs(a);
      case COPYSIGN -> Math.copySign(b, a);
      case SQRT -> Math.sqrt(a);
      case FMA -> Math.fma(a, b, Double.longBitsToDouble(bits[2]));
      case FLOOR -> Math.floor(a);
      case CEIL -> Math.ceil(a);
      case RINT -> Math.rint(a);
      case FTRUNC -> a < 0 ? Math.ceil(a) : Math.floor(a);
      case FMINNUM -> Double.isNaN(a) ? b : Double.isNaN(b) || a <= b ? a : b;
      case FMAXNUM -> Double.isNaN(a) ? b : Double.isNaN(b) || a >= b ? a : b;
      default -> null;
    };
  }

  /**
   * Single precision: each operation rounded once to float. The exact ones are exact in double;
   * {@code sqrt} rounded to double and then to float is still correctly rounded (53 >= 2 * 24 + 2).
   */
  private static Float float32(Intrinsic in, long[] bits) {
    float a = Float.intBitsToFloat((int) bits[0]);
    float b = bits.length > 1 ? Float.intBitsToFloat((int) bits[1]) : 0;
    return switch (in) {
      case FABS -> Math.abs(a);
      case COPYSIGN -> Math.copySign(b, a);
      case SQRT -> (float) Math.sqrt(a);
      case FMA -> Math.fma(a, b, Float.intBitsToFloat((int) bits[2]));
      case FLOOR -> (float) Math.floor(a);
      case CEIL -> (float) Math.ceil(a);
      case RINT -> (float) Math.rint(a);
      case FTRUNC -> (float) (a < 0 ? Math.ceil(a) : Math.floor(a));
      case FMINNUM -> Float.isNaN(a) ? b : Float.isNaN(b) || a <= b ? a : b;
      case FMAXNUM -> Float.isNaN(a) ? b : Float.isNaN(b) || a >= b ? a : b;
      default -> null;
    };
  }
}
