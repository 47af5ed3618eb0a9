package dev.jptx.compiler.libdevice.fdlibm;

/**
 * {@code StrictMath.hypot}: FDLIBM's e_hypot. The operands are scaled by 2^-600, 2^600 or 2^1022
 * into a range where squares neither overflow nor underflow, and sqrt(a^2 + b^2) is formed with a
 * and b split into 21-bit leading parts so that the leading products are exact; within 1 ulp.
 */
public final class FdlibmHypot {
  private FdlibmHypot() {}

  /** {@code StrictMath.hypot(x, y)}. */
  public static double hypot(double x, double y) {
    int ha = Words.hi(x) & 0x7fffffff;
    int hb = Words.hi(y) & 0x7fffffff;
    double a;
    double b;
    if (hb > ha) {
      a = y;
      b = x;
      int j = ha;
      ha = hb;
      hb = j;
    } else {
      a = x;
      b = y;
    }
    a = Words.withHi(a, ha); // |a|
    b = Words.withHi(b, hb); // |b|
    if ((ha - hb) > 0x3c00000) { // a/b > 2^60
      return a + b;
    }
    int k = 0;
    if (ha > 0x5f300000) { // a > 2^500
      if (ha >= 0x7ff00000) { // infinite or NaN: an infinity wins over a NaN
        double w = a + b;
        if (((ha & 0xfffff) | Words.lo(a)) == 0) {
          w = a;
        }
        if (((hb ^ 0x7ff00000) | Words.lo(b)) == 0) {
          w = b;
        }
        return w;
      }
      ha -= 0x25800000; // times 2^-600
      hb -= 0x25800000;
      k += 600;
      a = Words.withHi(a, ha);
      b = Words.withHi(b, hb);
    }
    if (hb < 0x20b00000) { // b < 2^-500
      if (hb <= 0x000fffff) { // subnormal b or 0
        if ((hb | Words.lo(b)) == 0) {
          return a;
        }
        b *= 0x1p1022;
        a *= 0x1p1022;
        k -= 1022;
      } else { // times 2^600
        ha += 0x25800000;
        hb += 0x25800000;
        k -= 600;
        a = Words.withHi(a, ha);
        b = Words.withHi(b, hb);
      }
    }
    double w = squareRootOfSum(a, b, ha, hb);
    return k == 0 ? w : Words.twoTo(k) * w;
  }

  /** sqrt(a^2 + b^2) for a >= b of moderate size; ha and hb their high words. */
  private static double squareRootOfSum(double a, double b, int ha, int hb) {
    double w = a - b;
    if (w > b) {
      double t1 = Words.of(ha, 0);
      double t2 = a - t1;
      return Math.sqrt(t1 * t1 - (b * (-b) - t2 * (a + t1)));
    }
    a = a + a;
    double y1 = Words.of(hb, 0);
    double y2 = b - y1;
    double t1 = Words.of(ha + 0x00100000, 0);
    double t2 = a - t1;
    return Math.sqrt(t1 * y1 - (w * (-w) - (t1 * y2 + t2 * b)));
  }
}
