package dev.jptx.compiler.libdevice;

/**
 * Reduction of a float modulo pi/2 for {@link FloatMath}'s {@code sin cos tan}: {@code x = q pi/2 +
 * r} with {@code |r| <= pi/4} (a hair more where {@code x * 2/pi} rounds the other way), packed in
 * a {@code long} as {@code q} (high word; only {@code q mod 4} is meaningful) and the bits of
 * {@code r} (low word), so that the library needs no array or object.
 *
 * <ul>
 *   <li>Cody–Waite below {@value #CODY_WAITE_LIMIT}: pi/2 split into three floats; {@code x - q P1}
 *       is exact (for {@code x >= 1} both are multiples of 2^-23 and the difference is below 1;
 *       below 1 Sterbenz's lemma), the other two terms are single-rounding {@code fma}s.
 *   <li>Payne–Hanek above (and for infinities, which give NaN): {@code x = m 2^(e-23)} with a
 *       24-bit integer m; the bits of 2/pi of weight 2^(24-e) and above only add multiples of 4 to
 *       {@code x 2/pi}, so 96 bits of 2/pi from there (of {@link TrigReduction}'s table), times m
 *       in three 32-bit pieces, give the quadrant and 62 fraction bits, about 2^-70 absolutely: far
 *       below the 2^-54 that the closest float to a multiple of pi/2 needs. This path is a branch
 *       that ordinary arguments do not take, and it is straight-line code.
 * </ul>
 */
final class FloatTrigReduction {
  private static final float CODY_WAITE_LIMIT = 105615f;

  private static final float TWO_OVER_PI = 0x1.45f306p-1f;

  // pi/2 = P1 + P2 + P3 + O(2^-73), the first two truncated: all positive, so that for x = -0
  // each q * -P is -0 and r stays -0
  private static final float P1 = 0x1.921fb4p0f;
  private static final float P2 = 0x1.4442d0p-24f;
  private static final float P3 = 0x1.84698ap-48f;

  /** {@code 1.5 * 2^23}: adding it rounds a float below 2^22 in magnitude to an integer. */
  private static final float ROUNDER = 0x1.8p23f;

  private static final int ROUNDER_BITS = 0x4b400000;

  /** pi/2 times 2^-62, the weight of the lowest of the 62 fraction bits. */
  private static final double PIO2_ULP62 = 0x1.921fb54442d18p-62;

  private static final long LOW32 = 0xFFFF_FFFFL;
  private static final int FRACTION_BITS = 62;

  private FloatTrigReduction() {}

  /** {@code (q, r)} for {@code x}, packed; NaN and infinities give a NaN {@code r}. */
  static long reduce(float x) {
    float rounded = Math.fma(x, TWO_OVER_PI, ROUNDER);
    int q = Float.floatToRawIntBits(rounded) - ROUNDER_BITS;
    float qf = rounded - ROUNDER;
    float r = Math.fma(qf, -P1, x);
    r = Math.fma(qf, -P2, r);
    r = Math.fma(qf, -P3, r);
    if (Math.abs(x) >= CODY_WAITE_LIMIT) {
      return payneHanek(x);
    }
    return pack(q, r);
  }

  static int quadrant(long reduced) {
    return (int) (reduced >> 32);
  }

  static float remainder(long reduced) {
    return Float.intBitsToFloat((int) reduced);
  }

  private static long pack(int q, float r) {
    return ((long) q << 32) | (Float.floatToRawIntBits(r) & LOW32);
  }

  private static long payneHanek(float x) {
    int bits = Float.floatToRawIntBits(x);
    int e = ((bits >>> 23) & 0xFF) - 127;
    long m = (bits & 0x7FFFFF) | 0x800000;
    // the window starts at fraction bit e - 24 of 2/pi; the table's first word is the integer
    // part, so that bit is bit e + 39 of the table, counting from its first word's top
    int start = e + 39;
    int word = start >>> 6;
    int shift = start & 63;
    long a = TrigReduction.TWO_OVER_PI_BITS[word];
    long b = TrigReduction.TWO_OVER_PI_BITS[word + 1];
    long c = TrigReduction.TWO_OVER_PI_BITS[word + 2];
    // two shifts so that a zero shift moves nothing in (Java shifts count mod 64)
    long hi = (a << shift) | ((b >>> 1) >>> (63 - shift));
    long lo = (b << shift) | ((c >>> 1) >>> (63 - shift));
    // m times the 96-bit window hi:lo[63:32], in units of 2^-94 of x 2/pi
    long p2 = m * (lo >>> 32);
    long p1 = m * (hi & LOW32) + (p2 >>> 32);
    long p0 = m * (hi >>> 32) + (p1 >>> 32);
    // p0 holds the quadrant above 30 fraction bits; the other 32 are p1's low word
    long fraction = ((p0 << 32) | (p1 & LOW32)) & ((1L << FRACTION_BITS) - 1);
    int q = (int) (p0 >>> 30);
    // the nearest multiple: a fraction of one half or more counts from the next quadrant
    long half = fraction >>> (FRACTION_BITS - 1);
    q += (int) half;
    fraction -= half << FRACTION_BITS;
    float r = (float) (fraction * PIO2_ULP62);
    boolean negative = bits < 0;
    r = negative ? -r : r;
    q = negative ? -q : q;
    return pack(q, e == 128 ? Float.NaN : r);
  }
}
