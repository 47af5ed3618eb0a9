package dev.jptx.compiler.ir;

/**
 * How constants are spelled in IR text: integers in signed decimal, {@code i1} as {@code
 * true/false}, finite {@code f32/f64} in Java's shortest round-tripping decimal, and everything
 * else (NaN, infinities, half types, pointers) as the hexadecimal bit pattern {@code 0x...}.
 */
public final class ConstantText {
  private ConstantText() {}

  /** The spelling of a constant of {@code type} with bit pattern {@code bits}. */
  public static String format(Type type, long bits) {
    if (type == ScalarType.I1) {
      return (bits & 1) != 0 ? "true" : "false";
    }
    if (type == ScalarType.F32) {
      float f = Float.intBitsToFloat((int) bits);
      return Float.isFinite(f) ? Float.toString(f) : hex(bits, 32);
    }
    if (type == ScalarType.F64) {
      double d = Double.longBitsToDouble(bits);
      return Double.isFinite(d) ? Double.toString(d) : hex(bits, 64);
    }
    if (type instanceof ScalarType s && s.isInteger() && s.bits() <= 64) {
      int shift = 64 - s.bits();
      return Long.toString((bits << shift) >> shift);
    }
    return hex(bits, type.bits());
  }

  private static String hex(long bits, int width) {
    long masked = width >= 64 ? bits : bits & ((1L << width) - 1);
    return "0x" + Long.toHexString(masked).toUpperCase(java.util.Locale.ROOT);
  }

  /** Parses a spelling of {@link #format} back to the bit pattern. */
  public static long parse(Type type, String text) {
    if (text.startsWith("0x") || text.startsWith("-0x")) {
      return Long.parseUnsignedLong(text.substring(2), 16);
    }
    if (type == ScalarType.I1) {
      return switch (text) {
        case "true" -> 1;
        case "false" -> 0;
        default -> throw new IllegalArgumentException("bad i1 constant '" + text + "'");
      };
    }
    if (type == ScalarType.F32) {
      return Float.floatToRawIntBits(Float.parseFloat(text)) & 0xFFFFFFFFL;
    }
    if (type == ScalarType.F64) {
      return Double.doubleToRawLongBits(Double.parseDouble(text));
    }
    return Long.parseLong(text);
  }
}
