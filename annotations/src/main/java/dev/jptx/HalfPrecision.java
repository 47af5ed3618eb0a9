package dev.jptx;

/**
 * binary16 and bfloat16 on the JVM, bit-exact with the hardware's round-to-nearest-even results.
 *
 * <p>Why computing in {@code double} is exact here: a sum or difference of two binary16 values is a
 * multiple of 2^-24 below 2^17 (at most 41 significant bits) and a product of two has 22
 * significant bits, so {@code double} holds them exactly and one rounding to binary16 follows. Only
 * the fused multiply-add can lose bits in {@code double}: its {@code double} result {@code r} may
 * be rounded already. Rounding {@code r} again then gives the right answer unless {@code r} sits
 * exactly on a binary16 rounding midpoint (a midpoint is a {@code double}, so an inexact {@code r}
 * nearest the exact value can only fall onto one, never across one). For that case the exact
 * residual of the addition (Knuth's TwoSum) says on which side of the midpoint the exact value
 * lies, and {@code r} is nudged one {@code double} ulp that way before the final rounding.
 */
final class HalfPrecision {
  /** The canonical NaN the hardware produces for binary16 and bfloat16 results. */
  static final short CANONICAL_NAN = 0x7fff;

  /** binary16: 10 fraction bits, bias 15. */
  static final Format HALF = new Format(10, 15);

  /** bfloat16: 7 fraction bits, bias 127 (the float exponent range). */
  static final Format BF16 = new Format(7, 127);

  /** A binary interchange format narrower than {@code double}. */
  record Format(int fractionBits, int bias) {
    /** The exponent of the smallest normal number. */
    int minExponent() {
      return 1 - bias;
    }

    /** The pattern of +infinity. */
    int infinity() {
      return ((2 * bias + 1) << fractionBits);
    }
  }

  private HalfPrecision() {}

  static float halfToFloat(short h) {
    int bits = h & 0xffff;
    int sign = (bits & 0x8000) << 16;
    int exponent = (bits >>> 10) & 0x1f;
    int fraction = bits & 0x3ff;
    if (exponent == 0x1f) {
      // infinity or NaN: keep the payload, as a widening conversion does
      return Float.intBitsToFloat(sign | 0x7f800000 | fraction << 13);
    }
    if (exponent == 0) {
      float magnitude = fraction * 0x1p-24f; // exact: subnormal halves are normal floats
      return sign != 0 ? -magnitude : magnitude;
    }
    return Float.intBitsToFloat(sign | (exponent + 112) << 23 | fraction << 13);
  }

  static short floatToHalf(float f) {
    return round(f, HALF); // float to double is exact, so this is one rounding
  }

  static float bf16ToFloat(short b) {
    return Float.intBitsToFloat((b & 0xffff) << 16);
  }

  static short floatToBf16(float f) {
    return round(f, BF16);
  }

  static int pack(float lo, float hi) {
    return (floatToHalf(lo) & 0xffff) | floatToHalf(hi) << 16;
  }

  /**
   * Rounds {@code x} to the nearest pattern of {@code format}, ties to even, keeping subnormals;
   * beyond the largest finite value to infinity; NaN to the canonical NaN.
   */
  static short round(double x, Format format) {
    if (Double.isNaN(x)) {
      return CANONICAL_NAN;
    }
    int sign = Double.doubleToRawLongBits(x) < 0 ? 0x8000 : 0; // both formats are 16 bits wide
    double a = Math.abs(x);
    int f = format.fractionBits();
    int bits;
    if (a < Math.scalb(1.0, format.minExponent())) {
      // subnormal range: count quanta of the smallest subnormal; 2^f quanta is the smallest normal
      bits = (int) Math.rint(Math.scalb(a, f - format.minExponent()));
    } else {
      int e = Math.getExponent(a);
      if (e > format.bias()) {
        bits = format.infinity();
      } else {
        // the significand with its leading 1, in [2^f, 2^(f+1)]; a carry moves into the exponent
        int significand = (int) Math.rint(Math.scalb(a, f - e));
        bits = ((e + format.bias()) << f) + significand - (1 << f);
        bits = Math.min(bits, format.infinity());
      }
    }
    return (short) (sign | bits);
  }

  /**
   * {@code p + c} rounded once to {@code format}, where {@code p} and {@code c} are exact doubles.
   */
  static short roundSum(double p, double c, Format format) {
    double r = p + c;
    if (Double.isFinite(r) && isMidpoint(r, format)) {
      // TwoSum: p + c == r + err exactly
      double pv = r - c;
      double cv = r - pv;
      double err = (p - pv) + (c - cv);
      if (err != 0) {
        r = Math.nextAfter(r, err > 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY);
      }
    }
    return round(r, format);
  }

  /** Whether {@code r} lies exactly halfway between two neighbouring values of {@code format}. */
  static boolean isMidpoint(double r, Format format) {
    double a = Math.abs(r);
    if (a == 0) {
      return false;
    }
    int quantumExponent =
        Math.max(Math.getExponent(a), format.minExponent()) - format.fractionBits();
    double halves = Math.scalb(a, 1 - quantumExponent);
    return halves == Math.rint(halves) && Math.rint(halves) % 2 != 0;
  }

  static int add2(int a, int b) {
    return lanes(a, b, 0, Op.ADD);
  }

  static int sub2(int a, int b) {
    return lanes(a, b, 0, Op.SUB);
  }

  static int mul2(int a, int b) {
    return lanes(a, b, 0, Op.MUL);
  }

  static int fma2(int a, int b, int c) {
    return lanes(a, b, c, Op.FMA);
  }

  static int max2(int a, int b) {
    return lanes(a, b, 0, Op.MAX);
  }

  static int min2(int a, int b) {
    return lanes(a, b, 0, Op.MIN);
  }

  static int bf16Fma2(int a, int b, int c) {
    return lanes(a, b, c, Op.BF16_FMA);
  }

  /** The per-lane operations; each is exact in {@code double} before its one rounding. */
  private enum Op {
    ADD,
    SUB,
    MUL,
    FMA,
    MAX,
    MIN,
    BF16_FMA;

    int apply(int a, int b, int c) {
      switch (this) {
        case ADD:
          return round((double) half(a) + half(b), HALF);
        case SUB:
          return round((double) half(a) - half(b), HALF);
        case MUL:
          return round((double) half(a) * half(b), HALF);
        case FMA:
          return roundSum((double) half(a) * half(b), half(c), HALF);
        case MAX:
          return maxMin(a, b, true);
        case MIN:
          return maxMin(a, b, false);
        case BF16_FMA:
          return roundSum((double) bf16(a) * bf16(b), bf16(c), BF16);
        default:
          throw new AssertionError(this);
      }
    }
  }

  private static int lanes(int a, int b, int c, Op op) {
    int lo = op.apply(a & 0xffff, b & 0xffff, c & 0xffff) & 0xffff;
    int hi = op.apply(a >>> 16, b >>> 16, c >>> 16) & 0xffff;
    return lo | hi << 16;
  }

  private static float half(int bits) {
    return halfToFloat((short) bits);
  }

  private static float bf16(int bits) {
    return bf16ToFloat((short) bits);
  }

  private static boolean isHalfNaN(int bits) {
    return (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff) != 0;
  }

  /** CUDA's {@code __hmax}/{@code __hmin}: NaN yields the other operand; +0 is above -0. */
  private static int maxMin(int a, int b, boolean max) {
    boolean nanA = isHalfNaN(a);
    boolean nanB = isHalfNaN(b);
    if (nanA && nanB) {
      return CANONICAL_NAN;
    } else if (nanA) {
      return b;
    } else if (nanB) {
      return a;
    }
    float x = half(a);
    float y = half(b);
    if (x != y) {
      return (x > y) == max ? a : b;
    }
    // equal values: differ at most in the sign of zero
    boolean aNegative = (a & 0x8000) != 0;
    return aNegative != max ? a : b;
  }
}
