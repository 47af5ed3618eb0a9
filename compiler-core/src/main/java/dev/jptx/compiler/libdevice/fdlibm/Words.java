package dev.jptx.compiler.libdevice.fdlibm;

/**
 * The 32-bit halves of a double, the way FDLIBM's {@code __HI} and {@code __LO} see them: its
 * thresholds compare the high word as a signed int, and several steps build a double by replacing
 * one half.
 */
final class Words {
  private static final long LOW_MASK = 0xFFFFFFFFL;
  private static final long HIGH_MASK = 0xFFFFFFFF00000000L;

  private Words() {}

  /** The high word: sign, exponent and the top 20 significand bits. */
  static int hi(double x) {
    return (int) (Double.doubleToRawLongBits(x) >>> 32);
  }

  /** The low word: the bottom 32 significand bits. */
  static int lo(double x) {
    return (int) Double.doubleToRawLongBits(x);
  }

  /** The double of the two words. */
  static double of(int hi, int lo) {
    return Double.longBitsToDouble(((long) hi << 32) | (lo & LOW_MASK));
  }

  /** {@code x} with its high word replaced. */
  static double withHi(double x, int hi) {
    return Double.longBitsToDouble(((long) hi << 32) | (Double.doubleToRawLongBits(x) & LOW_MASK));
  }

  /** {@code x} with its low word cleared: the leading 21 significand bits. */
  static double clearLo(double x) {
    return Double.longBitsToDouble(Double.doubleToRawLongBits(x) & HIGH_MASK);
  }

  /** {@code x * 2^k} by adding k to the exponent field; the caller knows the result is normal. */
  static double addExponent(double x, int k) {
    return Double.longBitsToDouble(Double.doubleToRawLongBits(x) + ((long) k << 52));
  }

  /** 2^k for a normal power, -1022 <= k <= 1023. */
  static double twoTo(int k) {
    return Double.longBitsToDouble((long) (k + 1023) << 52);
  }
}
