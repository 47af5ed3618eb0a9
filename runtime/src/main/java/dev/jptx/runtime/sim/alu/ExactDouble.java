package dev.jptx.runtime.sim.alu;

import java.math.BigInteger;

/**
 * The slow, exact path of f64 arithmetic with a directed rounding mode: the exact result as a
 * {@link BigInteger} times a power of two, rounded once. Only rare cases come here: every fused
 * multiply-add with {@code .rz/.rm/.rp}, and products, quotients and sums whose error term would
 * underflow or overflow. Operands are finite; callers handle NaN, infinities and zeros.
 */
final class ExactDouble {
  private static final long FRACTION = (1L << 52) - 1;

  private ExactDouble() {}

  /** {@code a + b} for finite operands. */
  static double add(double a, double b, Rounding rnd) {
    int ea = exponent(a);
    int eb = exponent(b);
    int e = Math.min(ea, eb);
    BigInteger n = signed(a).shiftLeft(ea - e).add(signed(b).shiftLeft(eb - e));
    if (n.signum() == 0) {
      return Float32.zeroSum(isNegative(a), isNegative(b), rnd) ? -0.0 : 0.0;
    }
    return round(n.signum() < 0, n.abs(), e, false, rnd);
  }

  /** {@code a * b} for finite, nonzero operands. */
  static double mul(double a, double b, Rounding rnd) {
    BigInteger n = significand(a).multiply(significand(b));
    return round(isNegative(a) != isNegative(b), n, exponent(a) + exponent(b), false, rnd);
  }

  /** {@code a / b} for finite, nonzero operands. */
  static double div(double a, double b, Rounding rnd) {
    BigInteger x = significand(a);
    BigInteger y = significand(b);
    // At least 55 quotient bits, so the rounding position and the sticky bit lie below them.
    int shift = Math.max(0, 55 + y.bitLength() - x.bitLength());
    BigInteger[] qr = x.shiftLeft(shift).divideAndRemainder(y);
    int e = exponent(a) - exponent(b) - shift;
    return round(isNegative(a) != isNegative(b), qr[0], e, qr[1].signum() != 0, rnd);
  }

  /** {@code a * b + c} for finite operands. */
  static double fma(double a, double b, double c, Rounding rnd) {
    boolean productNegative = isNegative(a) != isNegative(b);
    BigInteger p = significand(a).multiply(significand(b));
    if (productNegative) {
      p = p.negate();
    }
    int ep = exponent(a) + exponent(b);
    int ec = exponent(c);
    int e = Math.min(ep, ec);
    BigInteger n = p.shiftLeft(ep - e).add(signed(c).shiftLeft(ec - e));
    if (n.signum() == 0) {
      return Float32.zeroSum(productNegative, isNegative(c), rnd) ? -0.0 : 0.0;
    }
    return round(n.signum() < 0, n.abs(), e, false, rnd);
  }

  /**
   * Rounds {@code (-1)^negative * (n + f) * 2^e} to a double, where {@code 0 < f < 1} when {@code
   * sticky} and {@code f = 0} otherwise. With {@code sticky}, {@code n} must have at least 55 bits.
   */
  static double round(boolean negative, BigInteger n, int e, boolean sticky, Rounding rnd) {
    int top = n.bitLength() - 1 + e;
    if (top > 1023) {
      return overflow(negative, rnd);
    }
    int quantum = Math.max(top, -1022) - 52;
    long magnitude;
    if (quantum <= e) {
      magnitude = ((long) (quantum + 1074) << 52) + n.shiftLeft(e - quantum).longValue();
    } else {
      int drop = quantum - e;
      long kept = n.shiftRight(drop).longValue();
      boolean halfBit = n.testBit(drop - 1);
      int lowest = n.getLowestSetBit();
      boolean belowHalfZero = lowest >= drop - 1 && !sticky;
      boolean exact = !halfBit && belowHalfZero;
      boolean up;
      if (rnd == Rounding.RN) {
        up = halfBit && (!belowHalfZero || (kept & 1) != 0);
      } else {
        up = !exact && rnd.awayFromZero(negative);
      }
      magnitude = ((long) (quantum + 1074) << 52) + kept + (up ? 1 : 0);
    }
    double r = Double.longBitsToDouble(magnitude);
    return negative ? -r : r;
  }

  /** The result of a finite computation whose exact value is beyond the largest double. */
  static double overflow(boolean negative, Rounding rnd) {
    double m =
        rnd == Rounding.RN || rnd.awayFromZero(negative)
            ? Double.POSITIVE_INFINITY
            : Double.MAX_VALUE;
    return negative ? -m : m;
  }

  private static boolean isNegative(double v) {
    return Double.doubleToRawLongBits(v) < 0;
  }

  /** The integer significand: {@code |v| = significand(v) * 2^exponent(v)}. */
  private static BigInteger significand(double v) {
    long bits = Double.doubleToRawLongBits(v);
    long frac = bits & FRACTION;
    return BigInteger.valueOf((bits >>> 52 & 0x7ff) == 0 ? frac : frac | 1L << 52);
  }

  private static BigInteger signed(double v) {
    BigInteger m = significand(v);
    return isNegative(v) ? m.negate() : m;
  }

  private static int exponent(double v) {
    int biased = (int) (Double.doubleToRawLongBits(v) >>> 52) & 0x7ff;
    return Math.max(biased, 1) - 1075;
  }
}
