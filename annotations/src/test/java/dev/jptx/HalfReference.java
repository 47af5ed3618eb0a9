package dev.jptx;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * An independent, exact reference for binary16 and bfloat16: values as {@link BigDecimal}s, and
 * rounding by searching the sorted table of every finite value of the format, ties to the even
 * pattern, overflowing to infinity past the largest finite value plus half an ulp (the IEEE rule of
 * an unbounded exponent range).
 */
final class HalfReference {
  static final HalfReference HALF = new HalfReference(10, 15);
  static final HalfReference BF16 = new HalfReference(7, 127);

  private final int fractionBits;
  private final int exponentMask;
  private final int infinity;
  private final BigDecimal[] table;

  private HalfReference(int fractionBits, int bias) {
    this.fractionBits = fractionBits;
    this.exponentMask = (2 * bias + 1) << fractionBits;
    this.infinity = exponentMask;
    // every non-negative finite pattern, plus the first pattern past them: their order is numeric
    this.table = new BigDecimal[infinity + 1];
    for (int p = 0; p < infinity; p++) {
      table[p] = magnitude(p);
    }
    int next = infinity; // 2^(emax + 1): where rounding up from the largest finite value lands
    table[next] = magnitude(next - 1).add(magnitude(next - 1).subtract(magnitude(next - 2)));
  }

  private BigDecimal magnitude(int pattern) {
    int exponent = pattern >>> fractionBits;
    int fraction = pattern & ((1 << fractionBits) - 1);
    int bias = (exponentMask >>> fractionBits) / 2;
    long significand = exponent == 0 ? fraction : fraction | (1L << fractionBits);
    int scale = (exponent == 0 ? 1 : exponent) - bias - fractionBits;
    return new BigDecimal(significand).multiply(new BigDecimal(Math.scalb(1.0, scale)));
  }

  boolean isNaN(int pattern) {
    return (pattern & exponentMask) == exponentMask && (pattern & ((1 << fractionBits) - 1)) != 0;
  }

  boolean isInfinite(int pattern) {
    return (pattern & 0x7fff) == infinity;
  }

  /** The exact value of a finite pattern. */
  BigDecimal value(int pattern) {
    BigDecimal m = magnitude(pattern & 0x7fff);
    return (pattern & 0x8000) != 0 ? m.negate() : m;
  }

  /** The value as a double (exact for both formats), infinities and NaN included. */
  double toDouble(int pattern) {
    if (isNaN(pattern)) {
      return Double.NaN;
    }
    if (isInfinite(pattern)) {
      return (pattern & 0x8000) != 0 ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    double d = value(pattern).doubleValue();
    return (pattern & 0x8000) != 0 && d == 0 ? -0.0 : d;
  }

  /**
   * The correctly rounded pattern of an exact value; {@code zeroSign} gives the sign of an exact
   * zero.
   */
  int round(BigDecimal exact, boolean zeroSign) {
    int sign = exact.signum() < 0 || (exact.signum() == 0 && zeroSign) ? 0x8000 : 0;
    BigDecimal a = exact.abs();
    int index = Arrays.binarySearch(table, a, BigDecimal::compareTo);
    if (index >= 0) {
      return sign | Math.min(index, infinity);
    }
    int lo = -index - 2;
    if (lo >= infinity) {
      return sign | infinity;
    }
    int c = a.subtract(table[lo]).compareTo(table[lo + 1].subtract(a));
    int chosen = c < 0 ? lo : c > 0 ? lo + 1 : (lo % 2 == 0 ? lo : lo + 1);
    return sign | Math.min(chosen, infinity);
  }

  /** Rounds a double that is NaN, infinite or exact. */
  int roundDouble(double d) {
    if (Double.isNaN(d)) {
      return 0x7fff;
    }
    if (Double.isInfinite(d)) {
      return (d < 0 ? 0x8000 : 0) | infinity;
    }
    return round(new BigDecimal(d), Double.doubleToRawLongBits(d) < 0);
  }
}
