package dev.jptx.compiler.libdevice.fdlibm;

/**
 * {@code StrictMath.cbrt}: FDLIBM's s_cbrt. A 5-bit guess from dividing the high word by three, a
 * rational step to about 23 bits, the result rounded up to 20 bits (so that its square is exact)
 * and one Newton step; the result is within 0.667 ulp, not always correctly rounded.
 */
public final class FdlibmCbrt {
  private static final int B1 = 715094163; // (682 - 0.03306235651) 2^20
  private static final int B2 = 696219795; // (664 - 0.03306235651) 2^20

  private static final double C = 5.42857142857142815906e-01; // 19/35
  private static final double D = -7.05306122448979611050e-01; // -864/1225
  private static final double E = 1.41428571428571436819e+00; // 99/70
  private static final double F = 1.60714285714285720630e+00; // 45/28
  private static final double G = 3.57142857142857150787e-01; // 5/14

  private FdlibmCbrt() {}

  /** {@code StrictMath.cbrt(x)}. */
  public static double cbrt(double x) {
    int hx = Words.hi(x);
    int sign = hx & 0x80000000;
    hx ^= sign;
    if (hx >= 0x7ff00000) {
      return x + x;
    }
    if ((hx | Words.lo(x)) == 0) {
      return x;
    }
    x = Words.withHi(x, hx); // |x|
    double t;
    if (hx < 0x00100000) { // subnormal: scale by 2^54 first
      t = 0x1p54 * x;
      t = Words.withHi(t, Words.hi(t) / 3 + B2);
    } else {
      t = Words.of(hx / 3 + B1, 0);
    }
    double r = t * t / x;
    double s = C + r * t;
    t *= G + F / (s + E + D / s);
    t = Words.of(Words.hi(t) + 1, 0); // 20 bits, rounded up
    s = t * t; // exact
    r = x / s;
    double w = t + t;
    r = (r - t) / (w + r);
    t = t + t * r;
    return Words.withHi(t, Words.hi(t) | sign);
  }
}
