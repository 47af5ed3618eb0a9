package dev.jptx.runtime.sim.alu;

/**
 * A binary floating-point format narrower than f64 (f16, bf16, f32) and the one rounding routine
 * every operation on it ends with.
 *
 * <p>Operations compute their exact result as an unevaluated sum {@code s + err} of doubles, where
 * {@code s} is the exact value rounded to nearest double and {@code err} carries (at least) the
 * sign of the remainder; {@link #round} then rounds that exact value once to this format. Because
 * every value and every rounding midpoint of the format is a double, knowing where {@code s} lies
 * and the sign of {@code err} is enough for all four rounding directions: this avoids the double
 * rounding that going through a wider format would cause.
 */
final class FloatFormat {
  /** IEEE binary16. */
  static final FloatFormat F16 = new FloatFormat(11, 5);

  /** bfloat16: 8 significand bits, the exponent range of binary32. */
  static final FloatFormat BF16 = new FloatFormat(8, 8);

  /** IEEE binary32. */
  static final FloatFormat F32 = new FloatFormat(24, 8);

  private static final long DOUBLE_FRACTION = (1L << 52) - 1;

  /** Significand bits including the hidden one. */
  final int precision;

  final int emax;
  final int emin;
  final int bias;
  final int signBit;
  final int infBits;
  final int maxBits;
  final int canonicalNan;
  final int fractionMask;

  private FloatFormat(int precision, int exponentBits) {
    this.precision = precision;
    this.bias = (1 << (exponentBits - 1)) - 1;
    this.emax = bias;
    this.emin = 1 - bias;
    this.signBit = 1 << (precision - 1 + exponentBits);
    this.infBits = ((1 << exponentBits) - 1) << (precision - 1);
    this.maxBits = infBits - 1;
    this.fractionMask = (1 << (precision - 1)) - 1;
    this.canonicalNan = infBits | fractionMask;
  }

  /**
   * Whether the bits are a NaN of this format.
   *
   * @param bits the value
   * @return true for NaN
   */
  boolean isNan(int bits) {
    return (bits & (signBit - 1)) > infBits;
  }

  /**
   * Whether the bits are a subnormal number of this format.
   *
   * @param bits the value
   * @return true for subnormals (not for zeros)
   */
  boolean isSubnormal(int bits) {
    return (bits & infBits) == 0 && (bits & fractionMask) != 0;
  }

  /**
   * Flushes a subnormal to zero of the same sign.
   *
   * @param bits the value
   * @return the value, or a signed zero if it was subnormal
   */
  int flush(int bits) {
    return (bits & infBits) == 0 ? bits & signBit : bits;
  }

  /**
   * Decodes the bits exactly to a double.
   *
   * @param bits the value; bits above the format's width are ignored
   * @return the same number as a double
   */
  double toDouble(int bits) {
    if (this == F32) {
      return Float.intBitsToFloat(bits);
    }
    if (this == BF16) {
      return Float.intBitsToFloat(bits << 16);
    }
    return Half.f16ToDouble(bits);
  }

  /**
   * Rounds the exact value {@code s + err} once to this format.
   *
   * @param s the exact value rounded to nearest double; NaN and infinities pass through
   * @param err the remainder {@code exact - s}, or any double of the same sign (only its sign is
   *     read); 0 when {@code s} is exact
   * @param rnd the rounding direction
   * @return the bits of the rounded value, NaN canonical
   */
  int round(double s, double err, Rounding rnd) {
    long raw = Double.doubleToRawLongBits(s);
    boolean negative = raw < 0;
    int sign = negative ? signBit : 0;
    int biased = (int) (raw >>> 52) & 0x7ff;
    if (biased == 0x7ff) {
      return (raw & DOUBLE_FRACTION) != 0 ? canonicalNan : sign | infBits;
    }
    if (s == 0) {
      return sign;
    }
    long significand = raw & DOUBLE_FRACTION;
    int exponent = -1022;
    if (biased != 0) {
      significand |= 1L << 52;
      exponent = biased - 1023;
    }
    if (exponent > emax) {
      return sign | overflow(negative, rnd);
    }
    // s = significand * 2^(exponent-52); the result's last place is 2^quantum.
    int quantum = Math.max(exponent, emin) - (precision - 1);
    int drop = Math.min(quantum - (exponent - 52), 62);
    long kept = significand >>> drop;
    long rest = significand & ((1L << drop) - 1);
    long half = 1L << (drop - 1);
    // Magnitude bits of kept * 2^quantum; adding 1 always gives the next representable value.
    int magnitude = ((quantum + precision - 1 + bias - 1) << (precision - 1)) + (int) kept;
    int errSign = err == 0 ? 0 : (err > 0) != negative ? 1 : -1;
    return sign | (magnitude + adjust(rnd, negative, rest, half, kept, errSign));
  }

  /**
   * The step to the neighbouring representable magnitude that rounding needs: +1 away from zero, -1
   * toward zero when {@code s} is representable but the exact value is just below it in magnitude,
   * else 0.
   */
  private static int adjust(
      Rounding rnd, boolean negative, long rest, long half, long kept, int errSign) {
    if (rnd == Rounding.RN) {
      if (rest != half) {
        return rest > half ? 1 : 0;
      }
      return errSign > 0 || errSign == 0 && (kept & 1) != 0 ? 1 : 0;
    }
    if (rnd.awayFromZero(negative)) {
      return rest != 0 || errSign > 0 ? 1 : 0;
    }
    return rest == 0 && errSign < 0 ? -1 : 0;
  }

  /**
   * The magnitude an overflowing value rounds to: infinity, or the largest finite value when the
   * direction is toward zero.
   */
  int overflow(boolean negative, Rounding rnd) {
    return rnd == Rounding.RN || rnd.awayFromZero(negative) ? infBits : maxBits;
  }
}
