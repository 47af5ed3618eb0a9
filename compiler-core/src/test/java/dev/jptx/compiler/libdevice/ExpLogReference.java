package dev.jptx.compiler.libdevice;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Reference values for the exp/log family in decimal arithmetic at 70 significant digits,
 * independent of the double code under test and of {@link Math}: {@code exp} by reduction modulo
 * ln2, a further division by 2^10, the Taylor series and ten squarings; {@code log} by reduction to
 * a mantissa in [0.75, 1.5] and the series {@code 2 atanh((m-1)/(m+1))}; ln2 itself from {@code 2
 * atanh(1/3)}. Results are good to well over 60 digits, far below a double's half ulp (about 16
 * digits), and {@link #ulpError} measures a double against them in ulps of the true value.
 */
final class ExpLogReference {
  static final MathContext MC = new MathContext(70, RoundingMode.HALF_EVEN);
  private static final BigDecimal TWO = BigDecimal.valueOf(2);
  private static final BigDecimal EPS = new BigDecimal("1e-75");
  private static final int POW2_RANGE = 1200;
  private static final BigDecimal[] POW2 = new BigDecimal[2 * POW2_RANGE + 1];
  static final BigDecimal LN2 = atanhSeries(BigDecimal.ONE.divide(BigDecimal.valueOf(3), MC));
  static final BigDecimal LN10 =
      LN2.multiply(BigDecimal.valueOf(3)).add(log(new BigDecimal("1.25")), MC);

  private ExpLogReference() {}

  /** {@code 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...)}, for {@code |s| <= 1/3}. */
  private static BigDecimal atanhSeries(BigDecimal s) {
    BigDecimal s2 = s.multiply(s, MC);
    BigDecimal power = s;
    BigDecimal sum = BigDecimal.ZERO;
    BigDecimal limit = s.abs().multiply(EPS);
    for (int n = 1; ; n += 2) {
      BigDecimal term = power.divide(BigDecimal.valueOf(n), MC);
      sum = sum.add(term, MC);
      if (term.abs().compareTo(limit) < 0) {
        return sum.multiply(TWO);
      }
      power = power.multiply(s2, MC);
    }
  }

  /** {@code 2^k} exactly (cached: the exact powers have hundreds of digits). */
  static synchronized BigDecimal pow2(int k) {
    if (Math.abs(k) > POW2_RANGE) {
      return k >= 0 ? TWO.pow(k) : BigDecimal.valueOf(5).pow(-k).scaleByPowerOfTen(k);
    }
    BigDecimal p = POW2[k + POW2_RANGE];
    if (p == null) {
      p = k >= 0 ? TWO.pow(k) : BigDecimal.valueOf(5).pow(-k).scaleByPowerOfTen(k);
      POW2[k + POW2_RANGE] = p;
    }
    return p;
  }

  /** Binary exponent {@code e} with {@code 2^e <= x < 2^(e+1)} (up to one), {@code x > 0}. */
  private static int exponentOf(BigDecimal x) {
    double d = x.doubleValue();
    if (d < 0x1p-1000) {
      return Math.getExponent(x.multiply(pow2(200)).doubleValue()) - 200;
    }
    return Math.getExponent(d);
  }

  /** Natural logarithm of {@code x > 0}. */
  static BigDecimal log(BigDecimal x) {
    int e = exponentOf(x);
    BigDecimal m = x.multiply(pow2(-e));
    if (m.compareTo(new BigDecimal("1.5")) > 0) {
      m = m.multiply(new BigDecimal("0.5"));
      e++;
    } else if (m.compareTo(new BigDecimal("0.75")) < 0) {
      m = m.multiply(TWO);
      e--;
    }
    BigDecimal s = m.subtract(BigDecimal.ONE).divide(m.add(BigDecimal.ONE), MC);
    BigDecimal lm = s.signum() == 0 ? BigDecimal.ZERO : atanhSeries(s);
    if (e == 0) {
      return lm;
    }
    return LN2.multiply(BigDecimal.valueOf(e)).add(lm, MC);
  }

  /** {@code e^x}. */
  static BigDecimal exp(BigDecimal x) {
    long k = Math.round(x.doubleValue() / 0.6931471805599453);
    BigDecimal r = x.subtract(LN2.multiply(BigDecimal.valueOf(k)), MC);
    BigDecimal s = r.divide(BigDecimal.valueOf(1024), MC);
    BigDecimal sum = BigDecimal.ONE;
    BigDecimal term = BigDecimal.ONE;
    for (int n = 1; term.abs().compareTo(EPS) > 0; n++) {
      term = term.multiply(s, MC).divide(BigDecimal.valueOf(n), MC);
      sum = sum.add(term, MC);
    }
    for (int i = 0; i < 10; i++) {
      sum = sum.multiply(sum, MC);
    }
    return sum.multiply(pow2((int) k), MC);
  }

  /** {@code e^x - 1}, by its series where the subtraction would cancel. */
  static BigDecimal expm1(BigDecimal x) {
    if (x.abs().compareTo(new BigDecimal("0.5")) >= 0) {
      return exp(x).subtract(BigDecimal.ONE, MC);
    }
    BigDecimal sum = BigDecimal.ZERO;
    BigDecimal term = BigDecimal.ONE;
    BigDecimal limit = x.abs().multiply(EPS);
    for (int n = 1; ; n++) {
      term = term.multiply(x, MC).divide(BigDecimal.valueOf(n), MC);
      sum = sum.add(term, MC);
      if (term.abs().compareTo(limit) < 0) {
        return sum;
      }
    }
  }

  /** {@code sinh x}, by its series for {@code |x| < 1}. */
  static BigDecimal sinh(BigDecimal x) {
    if (x.abs().compareTo(BigDecimal.ONE) >= 0) {
      BigDecimal e = exp(x);
      return e.subtract(BigDecimal.ONE.divide(e, MC), MC).multiply(new BigDecimal("0.5"));
    }
    BigDecimal x2 = x.multiply(x, MC);
    BigDecimal sum = x;
    BigDecimal term = x;
    BigDecimal limit = x.abs().multiply(EPS);
    for (int n = 3; term.abs().compareTo(limit) > 0; n += 2) {
      term = term.multiply(x2, MC).divide(BigDecimal.valueOf((long) n * (n - 1)), MC);
      sum = sum.add(term, MC);
    }
    return sum;
  }

  /** {@code cosh x}. */
  static BigDecimal cosh(BigDecimal x) {
    BigDecimal e = exp(x);
    return e.add(BigDecimal.ONE.divide(e, MC), MC).multiply(new BigDecimal("0.5"));
  }

  /** {@code tanh x}. */
  static BigDecimal tanh(BigDecimal x) {
    return sinh(x).divide(cosh(x), MC);
  }

  /** {@code x^y} for finite {@code x != 0} (negative only with integer {@code y}). */
  static BigDecimal pow(double x, double y) {
    BigDecimal r = exp(new BigDecimal(y).multiply(log(new BigDecimal(Math.abs(x))), MC));
    boolean odd = x < 0 && Math.abs(y) < 0x1p53 && ((long) y & 1) != 0;
    return odd ? r.negate() : r;
  }

  /**
   * {@code |got - exact|} in units of the last place of {@code exact} (the spacing of doubles in
   * the binade of the true value, so just below a power of two it is the smaller one); beyond the
   * largest double the spacing is 2^971. Infinite when {@code got} is infinite but the correctly
   * rounded result is not, or the reverse.
   */
  static double ulpError(double got, BigDecimal exact) {
    if (Double.isNaN(got)) {
      return Double.POSITIVE_INFINITY;
    }
    if (exact.signum() == 0) {
      return got == 0.0 ? 0.0 : Double.POSITIVE_INFINITY;
    }
    double cr = exact.doubleValue();
    if (Double.isInfinite(cr) || Double.isInfinite(got)) {
      return cr == got ? 0.0 : Double.POSITIVE_INFINITY;
    }
    double u = Math.ulp(cr);
    boolean powerOfTwo = (Double.doubleToRawLongBits(cr) & 0x000FFFFFFFFFFFFFL) == 0;
    if (powerOfTwo
        && Math.abs(cr) > Double.MIN_NORMAL
        && exact.abs().compareTo(new BigDecimal(Math.abs(cr))) < 0) {
      u *= 0.5;
    }
    return new BigDecimal(got)
        .subtract(exact)
        .abs()
        .divide(new BigDecimal(u), MathContext.DECIMAL64)
        .doubleValue();
  }
}
