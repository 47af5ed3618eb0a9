package dev.jptx.bench.suite;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * An independent, slow binary16 fused multiply-add for checking {@code Gpu.hfma2}, which the haxpy2
 * reference uses, and for {@link BenchReference#haxpy2Exact}, the reference of kernels that call
 * {@code Gpu.hfma2} themselves: the halves are decoded exactly, {@code a*b + c} is formed exactly
 * in {@link BigDecimal}, and the one rounding to binary16 (nearest, ties to even, subnormals kept,
 * overflow to infinity) is done on the exact value. Finite inputs only.
 */
final class Binary16Oracle {
  private static final int MANTISSA = 1 << 10;
  private static final int MIN_QUANTUM = -24;
  private static final int INFINITY = 0x7c00;
  private static final int SIGN = 0x8000;

  private Binary16Oracle() {}

  /** Both lanes of {@code a*b + c} for packed half2 words (lane 0 in the low bits). */
  static int fma2(int a, int b, int c) {
    int lo = fma(a & 0xffff, b & 0xffff, c & 0xffff);
    int hi = fma(a >>> 16, b >>> 16, c >>> 16);
    return hi << 16 | lo;
  }

  /** {@code a*b + c} on binary16 patterns, rounded once. */
  static int fma(int a, int b, int c) {
    BigDecimal product = decode(a).multiply(decode(b));
    BigDecimal exact = product.add(decode(c));
    if (exact.signum() == 0) {
      // IEEE 754 6.3: an exact zero sum is -0 (in round to nearest) only if the product and the
      // addend both carry a minus sign; the product's sign is the exclusive or of its factors'.
      return ((a ^ b) & c & SIGN) != 0 ? SIGN : 0;
    }
    return round(exact);
  }

  /** The exact value of a finite binary16 pattern (the sign of zero is not kept). */
  static BigDecimal decode(int h) {
    int exponent = (h >>> 10) & 0x1f;
    int fraction = h & 0x3ff;
    if (exponent == 0x1f) {
      throw new IllegalArgumentException("not finite: " + Integer.toHexString(h));
    }
    BigDecimal magnitude =
        exponent == 0
            ? BigDecimal.valueOf(fraction).multiply(power(MIN_QUANTUM))
            : BigDecimal.valueOf(MANTISSA + fraction).multiply(power(exponent - 25));
    return (h & SIGN) != 0 ? magnitude.negate() : magnitude;
  }

  /** A nonzero exact value rounded to the nearest binary16, ties to even. */
  static int round(BigDecimal exact) {
    int sign = exact.signum() < 0 ? SIGN : 0;
    BigDecimal m = exact.abs();
    int e = Math.getExponent(m.doubleValue());
    while (power(e).compareTo(m) > 0) {
      e--;
    }
    while (power(e + 1).compareTo(m) <= 0) {
      e++;
    }
    // 11 significant bits, but never a quantum below the subnormal step 2^-24.
    int q = Math.max(e - 10, MIN_QUANTUM);
    long k = m.divide(power(q)).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
    if (k < MANTISSA) {
      return sign | (int) k; // subnormal (q == -24)
    }
    if (k == 2 * MANTISSA) {
      k = MANTISSA;
      q++;
    }
    int biased = q + 10 + 15;
    if (biased >= 0x1f) {
      return sign | INFINITY;
    }
    return sign | biased << 10 | (int) (k - MANTISSA);
  }

  /** 2^e, exactly (a negative power of two has a terminating decimal expansion). */
  private static BigDecimal power(int e) {
    BigDecimal p = new BigDecimal(BigInteger.ONE.shiftLeft(Math.abs(e)));
    return e >= 0 ? p : BigDecimal.ONE.divide(p);
  }
}
