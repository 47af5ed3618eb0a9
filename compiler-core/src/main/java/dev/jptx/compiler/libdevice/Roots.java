package dev.jptx.compiler.libdevice;

/**
 * {@code Math.cbrt} and {@code Math.hypot} for doubles.
 *
 * <p>cbrt: |x| = 2^(3q) m with m in [1, 8); a first guess for cbrt(m) comes from dividing the bit
 * pattern by three (the exponent field is divided exactly, the significand linearly, good to about
 * 6%), two Halley steps {@code y (y^3 + 2m) / (2y^3 + m)} (cubic convergence: 6% -> 1.2e-4 ->
 * 1.2e-12) bring it within 2^-39, and a last Newton step on the exact residual {@code m - y^3} (y^3
 * as a sum of exact {@code fma} products; {@code m - c} is exact by Sterbenz) squares that to about
 * 2^-78, a thirty-millionth of an ulp, so the result is faithfully and almost always correctly
 * rounded; a perfect cube, whose root is representable, comes out exact.
 *
 * <p>hypot: the operands are scaled by a power of two into a range where squaring cannot overflow
 * or underflow, {@code a^2 + b^2} is formed as a double-double (exact squares by {@code fma}), and
 * its square root gets one correction step from the exact remainder, so only the final rounding
 * contributes error; a result that is subnormal once unscaled is rounded once, directly to the
 * subnormal grid.
 */
public final class Roots {
  private static final long SIGN = 0x8000000000000000L;
  private static final long MANT = 0x000FFFFFFFFFFFFFL;

  /** 2^-1022 and 2^-1074 in hypot's scaled-up domain (times 2^600). */
  private static final double SCALED_MIN_NORMAL = 0x1p-422;

  private static final double SCALED_GRID = 0x1p-474;

  /** Added to bits(m) / 3 so that the guess is exact at m = 1: 1023 - 1023/3 = 682. */
  private static final long CBRT_BIAS = 682L << 52;

  private Roots() {}

  /** {@code Math.cbrt(x)}. */
  public static double cbrt(double x) {
    if (x == 0.0 || Double.isNaN(x) || Double.isInfinite(x)) {
      return x;
    }
    long bits = Double.doubleToRawLongBits(x);
    long sign = bits & SIGN;
    double ax = Math.abs(x);
    int extra = 0;
    if (ax < 0x1p-1022) {
      ax *= 0x1p54; // exact; cbrt(2^54) = 2^18
      extra = -18;
    }
    long abits = Double.doubleToRawLongBits(ax);
    int e = (int) (abits >>> 52) - 1023;
    int q = (e + 1200) / 3 - 400; // floor(e / 3), e >= -1022
    int rem = e - 3 * q;
    double m = Double.longBitsToDouble(((long) (1023 + rem) << 52) | (abits & MANT));

    double y = Double.longBitsToDouble(Double.doubleToRawLongBits(m) / 3 + CBRT_BIAS);
    for (int i = 0; i < 2; i++) {
      double y3 = y * y * y;
      y = y * (y3 + 2.0 * m) / (2.0 * y3 + m);
    }
    // y^3 = c + d + e3 exactly up to 2^-106: y^2 = a + b, a*y = c + d.
    double a = y * y;
    double b = Math.fma(y, y, -a);
    double c = a * y;
    double d = Math.fma(a, y, -c);
    double residual = ((m - c) - d) - b * y;
    y += residual / (3.0 * a);

    double scale = Double.longBitsToDouble((long) (1023 + q + extra) << 52);
    return Double.longBitsToDouble(Double.doubleToRawLongBits(y * scale) | sign);
  }

  /** {@code Math.hypot(x, y)}. */
  public static double hypot(double x, double y) {
    if (Double.isInfinite(x) || Double.isInfinite(y)) {
      return Double.POSITIVE_INFINITY;
    }
    if (Double.isNaN(x) || Double.isNaN(y)) {
      return x + y;
    }
    double a = Math.max(Math.abs(x), Math.abs(y));
    double b = Math.min(Math.abs(x), Math.abs(y));
    if (b == 0.0) {
      return a;
    }
    long ea = Double.doubleToRawLongBits(a) >>> 52;
    long eb = Double.doubleToRawLongBits(b) >>> 52;
    if (ea - eb > 60) {
      // b^2 / (2a) is below 2^-120 a: the sum rounds to a.
      return a + b;
    }
    double unscale = 1.0;
    if (a > 0x1p500) {
      a *= 0x1p-600;
      b *= 0x1p-600;
      unscale = 0x1p600;
    } else if (b < 0x1p-500) {
      a *= 0x1p600;
      b *= 0x1p600;
      unscale = 0x1p-600;
    }
    double ah = a * a;
    double al = Math.fma(a, a, -ah);
    double bh = b * b;
    double bl = Math.fma(b, b, -bh);
    double s = ah + bh;
    double lo = (((ah - s) + bh) + al) + bl;
    double r = Math.sqrt(s);
    double c = (Math.fma(-r, r, s) + lo) / (r + r);
    if (r < SCALED_MIN_NORMAL && unscale < 1.0) {
      return roundToSubnormalGrid(r, c) * unscale;
    }
    return (r + c) * unscale;
  }

  /**
   * For a result that is subnormal once unscaled: {@code r + c} rounded once to a multiple of
   * 2^-474 (2^-1074 before unscaling), so the unscaling is exact. Rounding {@code r + c} to 53 bits
   * and then to the subnormal grid would round twice (up to 0.75 ulp).
   */
  private static double roundToSubnormalGrid(double r, double c) {
    // r to the grid: the sum lies in [2^-422, 2^-421), whose ulp is 2^-474.
    double q = (r + SCALED_MIN_NORMAL) - SCALED_MIN_NORMAL;
    double rem = (r - q) + c;
    if (rem > 0.5 * SCALED_GRID) {
      q += SCALED_GRID;
    } else if (rem < -0.5 * SCALED_GRID) {
      q -= SCALED_GRID;
    }
    return q;
  }
}
