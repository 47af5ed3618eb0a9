package dev.jptx.compiler.libdevice;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * High-precision reference values for the device math library's tests, computed independently of
 * {@code java.lang.Math}: pi from Machin's formula to 1100 digits, exact reduction of the (exact)
 * double argument modulo pi/2, Taylor series and BigDecimal square roots at 60 significant digits.
 * The reference is good to far better than 2^-100 relatively, so it decides ulp errors exactly
 * enough.
 */
final class TrigReference {
  /** Working precision of the reference values. */
  static final MathContext MC = new MathContext(60, RoundingMode.HALF_EVEN);

  private static final MathContext LONG = new MathContext(1100, RoundingMode.HALF_EVEN);

  /** pi to 1100 digits. */
  static final BigDecimal PI = machinPi();

  static final BigDecimal HALF_PI = PI.divide(BigDecimal.valueOf(2), LONG);
  static final BigDecimal TWO_OVER_PI = BigDecimal.valueOf(2).divide(PI, LONG);
  private static final BigDecimal HALF_PI_SHORT = HALF_PI.round(new MathContext(130));
  private static final BigDecimal TWO_OVER_PI_SHORT = TWO_OVER_PI.round(new MathContext(130));
  private static final BigDecimal PI_60 = PI.round(MC);
  private static final BigDecimal HALF_PI_60 = HALF_PI.round(MC);
  private static final BigDecimal TWO = BigDecimal.valueOf(2);
  private static final BigDecimal THRESHOLD_SHORT = new BigDecimal("1e20");

  private TrigReference() {}

  /** pi = 16 atan(1/5) - 4 atan(1/239). */
  private static BigDecimal machinPi() {
    MathContext mc = new MathContext(1120, RoundingMode.HALF_EVEN);
    BigDecimal pi =
        atanInverse(5, mc)
            .multiply(BigDecimal.valueOf(16))
            .subtract(atanInverse(239, mc).multiply(BigDecimal.valueOf(4)), mc);
    return pi.round(LONG);
  }

  /** atan(1/n) by its alternating series. */
  private static BigDecimal atanInverse(int n, MathContext mc) {
    BigDecimal x = BigDecimal.ONE.divide(BigDecimal.valueOf(n), mc);
    BigDecimal x2 = x.multiply(x, mc);
    BigDecimal limit = BigDecimal.ONE.movePointLeft(mc.getPrecision() + 5);
    BigDecimal power = x;
    BigDecimal sum = BigDecimal.ZERO;
    for (int k = 0; power.compareTo(limit) > 0; k++) {
      BigDecimal term = power.divide(BigDecimal.valueOf(2L * k + 1), mc);
      sum = k % 2 == 0 ? sum.add(term, mc) : sum.subtract(term, mc);
      power = power.multiply(x2, mc);
    }
    return sum;
  }

  /** The first {@code words} 64-bit words of the fraction of 2/pi, as an integer. */
  static BigInteger twoOverPiFractionBits(int words) {
    return TWO_OVER_PI
        .multiply(new BigDecimal(BigInteger.ONE.shiftLeft(64 * words)))
        .toBigInteger();
  }

  /** {@code x = n * pi/2 + r}: returns r to 60 digits and stores n mod 4 in {@code quadrant[0]}. */
  static BigDecimal reduce(double x, int[] quadrant) {
    BigDecimal bx = new BigDecimal(x);
    boolean small = bx.abs().compareTo(THRESHOLD_SHORT) < 0;
    BigDecimal twoOverPi = small ? TWO_OVER_PI_SHORT : TWO_OVER_PI;
    BigDecimal halfPi = small ? HALF_PI_SHORT : HALF_PI;
    BigDecimal n = bx.multiply(twoOverPi).setScale(0, RoundingMode.HALF_EVEN);
    BigDecimal r = bx.subtract(n.multiply(halfPi)).round(MC);
    quadrant[0] = n.toBigInteger().intValue() & 3;
    return r;
  }

  static BigDecimal sin(double x) {
    int[] q = new int[1];
    BigDecimal r = reduce(x, q);
    BigDecimal v = (q[0] & 1) == 0 ? sinSeries(r) : cosSeries(r);
    return (q[0] & 2) == 0 ? v : v.negate();
  }

  static BigDecimal cos(double x) {
    int[] q = new int[1];
    BigDecimal r = reduce(x, q);
    BigDecimal v = (q[0] & 1) == 0 ? cosSeries(r) : sinSeries(r);
    return ((q[0] + 1) & 2) == 0 ? v : v.negate();
  }

  static BigDecimal tan(double x) {
    int[] q = new int[1];
    BigDecimal r = reduce(x, q);
    BigDecimal s = sinSeries(r);
    BigDecimal c = cosSeries(r);
    return (q[0] & 1) == 0 ? s.divide(c, MC) : c.divide(s, MC).negate();
  }

  /** Taylor series of sin for |r| <= 1. */
  private static BigDecimal sinSeries(BigDecimal r) {
    if (r.signum() == 0) {
      return r;
    }
    BigDecimal r2 = r.multiply(r, MC);
    BigDecimal term = r;
    BigDecimal sum = r;
    for (int k = 1; ; k++) {
      term = term.multiply(r2, MC).divide(BigDecimal.valueOf((2L * k) * (2L * k + 1)), MC).negate();
      BigDecimal next = sum.add(term, MC);
      if (next.compareTo(sum) == 0) {
        return sum;
      }
      sum = next;
    }
  }

  /** Taylor series of cos for |r| <= 1. */
  private static BigDecimal cosSeries(BigDecimal r) {
    BigDecimal r2 = r.multiply(r, MC);
    BigDecimal term = BigDecimal.ONE;
    BigDecimal sum = BigDecimal.ONE;
    for (int k = 1; ; k++) {
      term = term.multiply(r2, MC).divide(BigDecimal.valueOf((2L * k - 1) * (2L * k)), MC).negate();
      BigDecimal next = sum.add(term, MC);
      if (next.compareTo(sum) == 0) {
        return sum;
      }
      sum = next;
    }
  }

  /** atan of an arbitrary BigDecimal. */
  static BigDecimal atan(BigDecimal x) {
    if (x.signum() == 0) {
      return x;
    }
    if (x.signum() < 0) {
      return atan(x.negate()).negate();
    }
    if (x.compareTo(BigDecimal.ONE) > 0) {
      return HALF_PI_60.subtract(atan(BigDecimal.ONE.divide(x, MC)), MC);
    }
    // atan(x) = 2 atan(x / (1 + sqrt(1 + x^2))), three times: |x| <= tan(pi/32) ~ 0.1.
    BigDecimal y = x;
    for (int i = 0; i < 3; i++) {
      BigDecimal root = BigDecimal.ONE.add(y.multiply(y, MC)).sqrt(MC);
      y = y.divide(BigDecimal.ONE.add(root), MC);
    }
    BigDecimal y2 = y.multiply(y, MC);
    BigDecimal power = y;
    BigDecimal sum = y;
    for (int k = 1; ; k++) {
      power = power.multiply(y2, MC).negate();
      BigDecimal next = sum.add(power.divide(BigDecimal.valueOf(2L * k + 1), MC), MC);
      if (next.compareTo(sum) == 0) {
        break;
      }
      sum = next;
    }
    return sum.multiply(BigDecimal.valueOf(8), MC);
  }

  static BigDecimal atan(double x) {
    return atan(new BigDecimal(x, MC));
  }

  /** asin(x) = atan(x / sqrt(1 - x^2)) for |x| <= 1, with 1 - x^2 exact. */
  static BigDecimal asin(double x) {
    BigDecimal bx = new BigDecimal(x);
    BigDecimal d = BigDecimal.ONE.subtract(bx.multiply(bx));
    if (d.signum() == 0) {
      return x > 0 ? HALF_PI_60 : HALF_PI_60.negate();
    }
    return atan(bx.divide(d.sqrt(MC), MC));
  }

  /** acos(x) = 2 atan(sqrt((1 - x) / (1 + x))) for |x| <= 1, with 1 -+ x exact. */
  static BigDecimal acos(double x) {
    if (x == -1.0) {
      return PI_60;
    }
    BigDecimal bx = new BigDecimal(x);
    BigDecimal ratio = BigDecimal.ONE.subtract(bx).divide(BigDecimal.ONE.add(bx), MC);
    return atan(ratio.sqrt(MC)).multiply(TWO, MC);
  }

  /** atan2(y, x) for finite y, x, not both zero. */
  static BigDecimal atan2(double y, double x) {
    if (x == 0.0) {
      return y > 0 ? HALF_PI_60 : HALF_PI_60.negate();
    }
    BigDecimal q = new BigDecimal(y).divide(new BigDecimal(x), MC).abs();
    BigDecimal t = atan(q);
    if (x < 0) {
      t = PI_60.subtract(t, MC);
    }
    return y < 0 || (y == 0 && 1 / y < 0) ? t.negate() : t;
  }

  /** cbrt(x) by Newton's iteration at 60 digits from a double-precision start. */
  static BigDecimal cbrt(double x) {
    if (x == 0.0) {
      return BigDecimal.ZERO;
    }
    BigDecimal bx = new BigDecimal(x, MC);
    // Start from the power of two 2^(e/3), independent of the library under test.
    int e = Math.getExponent(x < 0 ? -x : x);
    if (e < -1022) {
      e = -1022 - Long.numberOfLeadingZeros(Double.doubleToRawLongBits(Math.abs(x))) + 11;
    }
    BigDecimal y = new BigDecimal(Math.scalb(Math.signum(x), Math.floorDiv(e, 3)));
    BigDecimal three = BigDecimal.valueOf(3);
    for (int i = 0; i < 200; i++) {
      // y <- y - (y^3 - x) / (3 y^2)
      BigDecimal y2 = y.multiply(y, MC);
      BigDecimal next =
          y.subtract(y2.multiply(y, MC).subtract(bx, MC).divide(y2.multiply(three), MC), MC);
      if (next.compareTo(y) == 0) {
        break;
      }
      y = next;
    }
    return y;
  }

  /** hypot(x, y) for finite x, y. */
  static BigDecimal hypot(double x, double y) {
    BigDecimal bx = new BigDecimal(x, MC);
    BigDecimal by = new BigDecimal(y, MC);
    BigDecimal s = bx.multiply(bx, MC).add(by.multiply(by, MC), MC);
    return s.signum() == 0 ? BigDecimal.ZERO : s.sqrt(MC);
  }

  /**
   * The error of {@code computed} in units in the last place of the true value {@code exact} (the
   * ulp of the binade that holds {@code exact}; subnormal spacing below 2^-1022).
   */
  static double ulpError(double computed, BigDecimal exact) {
    return ExpLogReference.ulpError(computed, exact);
  }
}
