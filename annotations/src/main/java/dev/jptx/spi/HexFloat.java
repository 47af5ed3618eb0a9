package dev.jptx.spi;

/**
 * glibc's {@code %a} body for a non-negative finite double, without the {@code 0x} prefix: a
 * leading digit (1 for normal numbers, 0 for zero and subnormals, whose exponent is then -1022),
 * the 52 fraction bits as hex digits, and a binary exponent. Without a precision trailing zeros go;
 * with one the digits are rounded to nearest, ties to even, and a carry is not renormalised ({@code
 * printf("%.1a", 0x1.f8p0)} gives {@code 0x2.0p+0}), exactly as glibc prints.
 */
final class HexFloat {
  private static final int FRACTION_DIGITS = 13;

  private HexFloat() {}

  static String format(double a, int precision, boolean alternate) {
    long bits = Double.doubleToRawLongBits(a);
    long fraction = bits & 0xfffffffffffffL;
    int biased = (int) (bits >>> 52) & 0x7ff;
    long lead = biased == 0 ? 0 : 1;
    int exponent = a == 0 ? 0 : biased == 0 ? -1022 : biased - 1023;
    String digits;
    if (precision < 0) {
      digits = hex(fraction, FRACTION_DIGITS).replaceFirst("0+$", "");
    } else if (precision >= FRACTION_DIGITS) {
      digits = hex(fraction, FRACTION_DIGITS) + "0".repeat(precision - FRACTION_DIGITS);
    } else {
      int dropped = 4 * (FRACTION_DIGITS - precision);
      long total = lead << (52 - dropped) | fraction >>> dropped;
      long rest = fraction & ((1L << dropped) - 1);
      long half = 1L << (dropped - 1);
      if (rest > half || (rest == half && (total & 1) != 0)) {
        total++;
      }
      lead = total >>> (4 * precision);
      digits = precision == 0 ? "" : hex(total & ((1L << (4 * precision)) - 1), precision);
    }
    var text = new StringBuilder().append(Long.toHexString(lead));
    if (!digits.isEmpty() || alternate) {
      text.append('.').append(digits);
    }
    return text.append('p').append(exponent < 0 ? '-' : '+').append(Math.abs(exponent)).toString();
  }

  private static String hex(long value, int digits) {
    String text = Long.toHexString(value);
    return "0".repeat(digits - text.length()) + text;
  }
}
