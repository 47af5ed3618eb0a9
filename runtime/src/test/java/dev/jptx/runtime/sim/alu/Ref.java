package dev.jptx.runtime.sim.alu;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The test oracle: exact values as {@link BigDecimal}, rounded to a binary format by bracketing the
 * exact value between two neighbouring representable numbers and comparing with their midpoint. It
 * shares nothing with the code under test but the {@link Rounding} enum.
 */
final class Ref {
  /** A binary format described by its field widths; bit patterns are longs. */
  enum Fmt {
    F16(11, 5),
    BF16(8, 8),
    F32(24, 8),
    F64(53, 11);

    final int p;
    final int expBits;
    final int bias;
    final long signBit;
    final long infBits;

    Fmt(int p, int expBits) {
      this.p = p;
      this.expBits = expBits;
      this.bias = (1 << (expBits - 1)) - 1;
      this.signBit = 1L << (p - 1 + expBits);
      this.infBits = ((1L << expBits) - 1) << (p - 1);
    }

    /** The value of finite bits, computed from the fields. */
    double toDouble(long bits) {
      long mag = bits & (signBit - 1);
      long e = mag >>> (p - 1);
      long frac = mag & ((1L << (p - 1)) - 1);
      double sign = (bits & signBit) != 0 ? -1 : 1;
      if (e == (infBits >>> (p - 1))) {
        return frac != 0 ? Double.NaN : sign * Double.POSITIVE_INFINITY;
      }
      if (e == 0) {
        return sign * Math.scalb((double) frac, 1 - bias - (p - 1));
      }
      return sign * Math.scalb((double) (frac | 1L << (p - 1)), (int) e - bias - (p - 1));
    }

    boolean isNan(long bits) {
      return (bits & (signBit - 1)) > infBits;
    }

    boolean isFinite(long bits) {
      return (bits & infBits) != infBits;
    }
  }

  /** An exact real number known only through comparisons. */
  interface Exact {
    /**
     * The sign of {@code exact - v}.
     *
     * @param v a finite number
     * @return -1, 0 or 1
     */
    int cmp(BigDecimal v);
  }

  private Ref() {}

  static BigDecimal bd(double v) {
    return new BigDecimal(v);
  }

  static Exact of(BigDecimal x) {
    return v -> x.compareTo(v);
  }

  /** {@code a / b} for finite, nonzero {@code b}. */
  static Exact quotient(BigDecimal a, BigDecimal b) {
    return v -> a.subtract(v.multiply(b)).signum() * b.signum();
  }

  /** {@code sqrt(a)} for finite {@code a >= 0}. */
  static Exact sqrt(BigDecimal a) {
    return v -> v.signum() < 0 ? 1 : a.compareTo(v.multiply(v));
  }

  /**
   * Rounds an exact, finite, nonzero value to {@code fmt}.
   *
   * @param fmt the destination format
   * @param x the exact value
   * @param negative whether it is negative
   * @param guess finite bits near the result (any sign is fixed up)
   * @param rnd the rounding direction
   * @return the rounded bits
   */
  static long round(Fmt fmt, Exact x, boolean negative, long guess, Rounding rnd) {
    // Work on magnitudes: |x| compared with |v| flips for negative x.
    int sgn = negative ? -1 : 1;
    long mag = guess & (fmt.signBit - 1);
    if (mag >= fmt.infBits) {
      mag = fmt.infBits - 1;
    }
    long sign = negative ? fmt.signBit : 0;
    // lo = largest magnitude <= |x|
    while (mag > 0 && sgn * x.cmp(value(fmt, sign | mag)) < 0) {
      mag--;
    }
    while (mag + 1 < fmt.infBits && sgn * x.cmp(value(fmt, sign | (mag + 1))) >= 0) {
      mag++;
    }
    long lo = mag;
    if (sgn * x.cmp(value(fmt, sign | lo)) == 0) {
      return sign | lo;
    }
    long hi = lo + 1; // may be infBits: its value for the midpoint is 2^(emax+1)
    boolean away;
    switch (rnd) {
      case RZ:
        away = false;
        break;
      case RP:
        away = !negative;
        break;
      case RM:
        away = negative;
        break;
      default:
        BigDecimal mid = magValue(fmt, lo).add(magValue(fmt, hi)).divide(BigDecimal.valueOf(2));
        int c = sgn * x.cmp(negative ? mid.negate() : mid);
        away = c > 0 || c == 0 && (lo & 1) != 0;
        break;
    }
    return sign | (away ? hi : lo);
  }

  /** The value of signed bits with a finite magnitude. */
  static BigDecimal value(Fmt fmt, long bits) {
    BigDecimal m = magValue(fmt, bits & (fmt.signBit - 1));
    return (bits & fmt.signBit) != 0 ? m.negate() : m;
  }

  private static BigDecimal magValue(Fmt fmt, long mag) {
    if (mag == fmt.infBits) {
      return new BigDecimal(BigInteger.ONE.shiftLeft(fmt.bias + 1));
    }
    return bd(fmt.toDouble(mag));
  }

  /** The IEEE sign of an exact zero sum of operands with the given signs. */
  static boolean zeroSumNegative(boolean x, boolean y, Rounding rnd) {
    return x == y ? x : rnd == Rounding.RM;
  }
}
