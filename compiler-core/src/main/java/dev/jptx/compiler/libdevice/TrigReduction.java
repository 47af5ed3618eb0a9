package dev.jptx.compiler.libdevice;

/**
 * Reduction of a finite double modulo pi/2 for {@link Trig}: {@code x = n * pi/2 + r}, {@code |r|
 * <= pi/4} (a hair more when {@code x * 2/pi} rounds the other way), with {@code r} returned as a
 * double-double. The closest any double comes to a multiple of pi/2 is about 2^-61 (at
 * 6381956970095103 * 2^797), so {@code r} must be right to about 2^-120 absolutely; both paths
 * below do better.
 *
 * <ul>
 *   <li>Cody–Waite for {@code |x| < 2^28}: pi/2 split into three doubles P1 + P2 + P3 (159 bits);
 *       {@code x - n*P1} is exact (one {@code fma}: both are multiples of 2^-53 and the difference
 *       is below 1), {@code n*P2} is an exact product, and {@code n*P3} is at most 2^-78.
 *   <li>Payne–Hanek above: {@code x = m * 2^e} with a 53-bit integer m; the bits of 2/pi of weight
 *       2^(2-e) and above only add multiples of 4 to {@code x * 2/pi}, so 192 bits of 2/pi from
 *       that position, multiplied by m in integer arithmetic, give the quadrant and the fraction to
 *       2^-137 absolutely.
 * </ul>
 */
final class TrigReduction {
  private static final double PIO4 = 0x1.921fb54442d18p-1;
  private static final double TWO_OVER_PI = 0x1.45f306dc9c883p-1;
  private static final double CODY_WAITE_LIMIT = 0x1p28;

  // pi/2 = P1 + P2 + P3 + O(2^-160).
  private static final double P1 = 0x1.921fb54442d18p0;
  private static final double P2 = 0x1.1a62633145c07p-54;
  private static final double P3 = -0x1.f1976b7ed8fbcp-110;

  /**
   * Bits of 2/pi, most significant first, as 64-bit words; word 0 is the (zero) integer part, so
   * that a window may start up to 64 bits before the binary point. 1344 fraction bits cover
   * exponents up to that of Double.MAX_VALUE plus the 192-bit window and a word for shifting.
   */
  static final long[] TWO_OVER_PI_BITS = {
    0x0000000000000000L,
    0xA2F9836E4E441529L,
    0xFC2757D1F534DDC0L,
    0xDB6295993C439041L,
    0xFE5163ABDEBBC561L,
    0xB7246E3A424DD2E0L,
    0x06492EEA09D1921CL,
    0xFE1DEB1CB129A73EL,
    0xE88235F52EBB4484L,
    0xE99C7026B45F7E41L,
    0x3991D639835339F4L,
    0x9C845F8BBDF9283BL,
    0x1FF897FFDE05980FL,
    0xEF2F118B5A0A6D1FL,
    0x6D367ECF27CB09B7L,
    0x4F463F669E5FEA2DL,
    0x7527BAC7EBE5F17BL,
    0x3D0739F78A5292EAL,
    0x6BFB5FB11F8D5D08L,
    0x56033046FC7B6BABL,
    0xF0CFBC209AF4361DL,
    0xA9E391615EE61B08L
  };

  private static final long SIGN = 0x8000000000000000L;
  private static final long MANT = 0x000FFFFFFFFFFFFFL;
  private static final long LOW62 = 0x3FFFFFFFFFFFFFFFL;

  private TrigReduction() {}

  /**
   * Reduces a finite {@code x}: stores {@code r} as {@code out[0] + out[1]} and returns n (only n
   * mod 4 is meaningful for huge x).
   */
  static int reduce(double x, double[] out) {
    double ax = Math.abs(x);
    if (ax <= PIO4) {
      out[0] = x;
      out[1] = 0.0;
      return 0;
    }
    if (ax < CODY_WAITE_LIMIT) {
      return codyWaite(x, out);
    }
    int n = payneHanek(ax, out);
    if (x < 0) {
      out[0] = -out[0];
      out[1] = -out[1];
      return -n;
    }
    return n;
  }

  private static int codyWaite(double x, double[] out) {
    double n = Math.rint(x * TWO_OVER_PI);
    double t = Math.fma(-n, P1, x);
    double p = n * P2;
    double pe = Math.fma(n, P2, -p);
    double s = t - p;
    double bv = s - t;
    double se = (t - (s - bv)) + (-p - bv);
    double lo = (se - pe) - n * P3;
    double rh = s + lo;
    out[0] = rh;
    out[1] = (s - rh) + lo;
    return (int) n;
  }

  /** |x| >= 2^28, finite: returns n mod 4 and stores r (for |x|) in out. */
  private static int payneHanek(double ax, double[] out) {
    long bits = Double.doubleToRawLongBits(ax);
    long m = (bits & MANT) | (MANT + 1);
    int e = (int) (bits >>> 52) - 1075;
    // Window of 2/pi starting at fraction bit e - 2 (bit 64 + e - 2 of the table).
    int start = e + 62;
    int word = start >>> 6;
    int shift = start & 63;
    long w0 = window(word, shift);
    long w1 = window(word + 1, shift);
    long w2 = window(word + 2, shift);

    // P = m * (w0:w1:w2), a 256-bit number p3:p2:p1:p0; x * 2/pi = P * 2^-190 (mod 4).
    long l2 = m * w2;
    long h2 = unsignedMultiplyHigh(m, w2);
    long l1 = m * w1;
    long h1 = unsignedMultiplyHigh(m, w1);
    long l0 = m * w0;
    long h0 = unsignedMultiplyHigh(m, w0);
    long p0 = l2;
    long p1 = h2 + l1;
    long c1 = unsignedLess(p1, l1) ? 1L : 0L;
    long p2a = h1 + l0;
    long c2 = unsignedLess(p2a, l0) ? 1L : 0L;
    long p2 = p2a + c1;
    c2 += unsignedLess(p2, c1) ? 1L : 0L;
    long p3 = h0 + c2;

    int n = (int) (((p3 << 2) | (p2 >>> 62)) & 3);
    // Fraction as a 192-bit fixed-point number a:b:c (value a*2^-64 + b*2^-128 + c*2^-192).
    long a = ((p2 & LOW62) << 2) | (p1 >>> 62);
    long b = (p1 << 2) | (p0 >>> 62);
    long c = p0 << 2;
    boolean negative = a < 0; // fraction >= 1/2: round n up and take 1 - fraction, negated
    if (negative) {
      n = (n + 1) & 3;
      a = ~a;
      b = ~b;
      c = ~c;
      c += 1;
      if (c == 0) {
        b += 1;
        if (b == 0) {
          a += 1;
        }
      }
    }
    // Normalize so that a has its top bit set; scale counts the shift in bits.
    int scale = 0;
    if (a == 0) {
      a = b;
      b = c;
      c = 0;
      scale = 64;
    }
    int z = Long.numberOfLeadingZeros(a);
    if (z != 0) {
      a = (a << z) | (b >>> (64 - z));
      b = (b << z) | (c >>> (64 - z));
    }
    scale += z;
    // f = (a*2^64 + b) * 2^-(128 + scale) with 106 bits kept exactly in fh + fl.
    double unit = Double.longBitsToDouble((long) (1023 - 53 - scale) << 52);
    double fh = (double) (a >>> 11) * unit;
    double fl = (double) (((a & 0x7FF) << 42) | (b >>> 22)) * (unit * 0x1p-53);
    // r = f * pi/2 as a double-double.
    double rh = fh * P1;
    double re = Math.fma(fh, P1, -rh) + (fh * P2 + fl * P1);
    double s = rh + re;
    double sl = (rh - s) + re;
    if (negative) {
      s = -s;
      sl = -sl;
    }
    out[0] = s;
    out[1] = sl;
    return n;
  }

  /** The 64 bits of the table starting {@code shift} bits into word {@code word}. */
  private static long window(int word, int shift) {
    long hi = TWO_OVER_PI_BITS[word];
    if (shift == 0) {
      return hi;
    }
    return (hi << shift) | (TWO_OVER_PI_BITS[word + 1] >>> (64 - shift));
  }

  /** High 64 bits of the unsigned product of {@code m} (below 2^53) and {@code w}. */
  private static long unsignedMultiplyHigh(long m, long w) {
    return Math.multiplyHigh(m, w) + ((w >> 63) & m);
  }

  private static boolean unsignedLess(long a, long b) {
    return (a ^ SIGN) < (b ^ SIGN);
  }
}
