package dev.jptx.spi;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * C {@code printf} formatting with glibc's exact output, shared by every device that prints: the
 * JVM device formats {@code Gpu.printf} calls with it, and the PTX simulator formats {@code
 * vprintf} buffers with it.
 *
 * <p>Conversions: {@code d i u o x X c s f F e E g G a A %}; flags {@code - + space # 0}; a width
 * and a precision, each a number or {@code *} (taken from the next {@code int} argument); length
 * modifiers {@code hh h l ll j z t L q}. As in C, the conversion and its length modifier decide how
 * an argument is read, whatever its Java type: with no modifier an integer is 32 bits (a {@code
 * long} argument is truncated to its low 32 bits), with {@code l} or {@code ll} 64 bits (an {@code
 * int} argument is sign-extended); {@code %u %o %x %X} print the unsigned value of that width;
 * {@code %c} prints the low 8 bits as a character; a {@code float} is promoted to {@code double}.
 * Floating-point output is the exact binary value correctly rounded (ties to even), as glibc does;
 * infinities and NaNs print as {@code inf}, {@code -inf}, {@code nan}, {@code -nan} (upper case for
 * {@code F E G A}).
 *
 * <p>Integer conversions take {@code Byte Short Character Integer Long Boolean} arguments, floating
 * ones {@code Float Double}; anything else, a missing argument or an unknown conversion is an
 * {@link IllegalArgumentException} (C would print garbage).
 */
public final class CFormat {
  private CFormat() {}

  /**
   * Formats {@code args} as C's {@code sprintf(buffer, format, args...)} would.
   *
   * @param format a C format string
   * @param args the arguments, boxed
   * @return the formatted text
   * @throws IllegalArgumentException on a malformed format or an argument of the wrong kind
   */
  public static String format(String format, Object... args) {
    var out = new StringBuilder(format.length() + 16);
    var cursor = new Arguments(format, args);
    int i = 0;
    while (i < format.length()) {
      char ch = format.charAt(i);
      if (ch != '%') {
        out.append(ch);
        i++;
        continue;
      }
      var spec = new SpecParser(format, i + 1, cursor);
      i = spec.parse();
      out.append(convert(spec, cursor));
    }
    return out.toString();
  }

  /** The arguments consumed left to right. */
  static final class Arguments {
    private final String format;
    private final Object[] args;
    private int next;

    Arguments(String format, Object[] args) {
      this.format = format;
      this.args = args == null ? new Object[0] : args;
    }

    Object next() {
      if (next >= args.length) {
        throw new IllegalArgumentException(
            "printf: format \"" + format + "\" needs more than the " + args.length + " arguments");
      }
      return args[next++];
    }

    String format() {
      return format;
    }
  }

  private static String convert(SpecParser s, Arguments args) {
    switch (s.conversion) {
      case '%':
        return "%";
      case 'd':
      case 'i':
        return pad(s, signed(s, integer(s, args.next())));
      case 'u':
      case 'o':
      case 'x':
      case 'X':
        return pad(s, unsigned(s, integer(s, args.next())));
      case 'c':
        {
          long v = integer(s, args.next());
          return pad(s, new Body("", String.valueOf((char) (v & 0xff)), false));
        }
      case 's':
        {
          String text = String.valueOf(args.next());
          if (s.precision >= 0 && s.precision < text.length()) {
            text = text.substring(0, s.precision);
          }
          return pad(s, new Body("", text, false));
        }
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
      case 'a':
      case 'A':
        return pad(s, FloatConversion.convert(s, floating(s, args.next())));
      default:
        throw new IllegalArgumentException(
            "printf: unsupported conversion '%" + s.conversion + "' in \"" + args.format() + "\"");
    }
  }

  /** The text of one conversion: a sign or prefix, then digits that zero padding goes between. */
  record Body(String prefix, String digits, boolean zeroPaddable) {}

  /** Applies the width: spaces left or right, or zeros after the prefix. */
  private static String pad(SpecParser s, Body body) {
    int length = body.prefix().length() + body.digits().length();
    if (s.width <= length) {
      return body.prefix() + body.digits();
    }
    String fill = " ".repeat(s.width - length);
    if (s.leftAlign) {
      return body.prefix() + body.digits() + fill;
    }
    if (s.zeroPad && body.zeroPaddable()) {
      return body.prefix() + "0".repeat(s.width - length) + body.digits();
    }
    return fill + body.prefix() + body.digits();
  }

  /** The argument of an integer conversion as a {@code long}, read at the modifier's width. */
  private static long integer(SpecParser s, Object arg) {
    long v;
    if (arg instanceof Integer
        || arg instanceof Long
        || arg instanceof Short
        || arg instanceof Byte) {
      v = ((Number) arg).longValue();
    } else if (arg instanceof Character) {
      v = (Character) arg;
    } else if (arg instanceof Boolean) {
      v = (Boolean) arg ? 1 : 0;
    } else {
      throw wrongKind(s, "an integer", arg);
    }
    switch (s.bits) {
      case 8:
        return (byte) v;
      case 16:
        return (short) v;
      case 32:
        return (int) v;
      default:
        return v;
    }
  }

  private static double floating(SpecParser s, Object arg) {
    if (arg instanceof Double || arg instanceof Float) {
      return ((Number) arg).doubleValue(); // C's default argument promotion of float
    }
    throw wrongKind(s, "a floating-point", arg);
  }

  private static IllegalArgumentException wrongKind(SpecParser s, String kind, Object arg) {
    String type = arg == null ? "null" : arg.getClass().getName() + " " + arg;
    return new IllegalArgumentException(
        "printf: %" + s.conversion + " expects " + kind + " argument, got " + type);
  }

  private static Body signed(SpecParser s, long v) {
    String sign = v < 0 ? "-" : s.plus ? "+" : s.space ? " " : "";
    String magnitude = v < 0 ? Long.toUnsignedString(-v) : Long.toString(v);
    return new Body(sign, withPrecision(s, magnitude, v == 0), s.precision < 0);
  }

  private static Body unsigned(SpecParser s, long v) {
    long bits = s.bits == 64 ? v : v & ((1L << s.bits) - 1);
    String prefix = "";
    String digits;
    switch (s.conversion) {
      case 'o':
        digits = withPrecision(s, Long.toOctalString(bits), bits == 0);
        if (s.alternate && !digits.startsWith("0")) {
          digits = "0" + digits;
        }
        break;
      case 'x':
      case 'X':
        digits = withPrecision(s, Long.toHexString(bits), bits == 0);
        if (s.alternate && bits != 0) {
          prefix = "0x";
        }
        if (s.conversion == 'X') {
          digits = digits.toUpperCase(java.util.Locale.ROOT);
          prefix = prefix.toUpperCase(java.util.Locale.ROOT);
        }
        break;
      default:
        digits = withPrecision(s, Long.toUnsignedString(bits), bits == 0);
        break;
    }
    return new Body(prefix, digits, s.precision < 0);
  }

  /** An integer's precision is its minimum number of digits; precision 0 prints 0 as nothing. */
  private static String withPrecision(SpecParser s, String digits, boolean zero) {
    if (s.precision == 0 && zero) {
      return "";
    }
    if (s.precision > digits.length()) {
      return "0".repeat(s.precision - digits.length()) + digits;
    }
    return digits;
  }

  /** {@code %f %e %g %a} on the exact binary value. */
  static final class FloatConversion {
    private FloatConversion() {}

    static Body convert(SpecParser s, double v) {
      boolean upper = Character.isUpperCase(s.conversion);
      boolean negative = Double.doubleToRawLongBits(v) < 0;
      String sign = negative ? "-" : s.plus ? "+" : s.space ? " " : "";
      if (!Double.isFinite(v)) {
        String text = Double.isNaN(v) ? "nan" : "inf";
        return new Body(sign, upper ? text.toUpperCase(java.util.Locale.ROOT) : text, false);
      }
      double a = Math.abs(v);
      int precision = s.precision;
      String text;
      String prefix = "";
      switch (Character.toLowerCase(s.conversion)) {
        case 'f':
          text = fixed(a, precision < 0 ? 6 : precision, s.alternate);
          break;
        case 'e':
          text = exponential(a, precision < 0 ? 6 : precision, s.alternate);
          break;
        case 'g':
          text = general(a, precision, s.alternate);
          break;
        default:
          prefix = "0x";
          text = HexFloat.format(a, precision, s.alternate);
          break;
      }
      if (upper) {
        text = text.toUpperCase(java.util.Locale.ROOT);
        prefix = prefix.toUpperCase(java.util.Locale.ROOT);
      }
      return new Body(sign + prefix, text, true);
    }

    static String fixed(double a, int precision, boolean alternate) {
      String text = new BigDecimal(a).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
      return precision == 0 && alternate ? text + "." : text;
    }

    /** The significant digits of {@code a} rounded to {@code count}, and the decimal exponent. */
    private static String[] significant(double a, int count) {
      if (a == 0) {
        return new String[] {"0".repeat(count), "0"};
      }
      BigDecimal rounded = new BigDecimal(a).round(new MathContext(count, RoundingMode.HALF_EVEN));
      String digits = rounded.unscaledValue().toString();
      int exponent = digits.length() - 1 - rounded.scale();
      if (digits.length() < count) {
        digits = digits + "0".repeat(count - digits.length());
      } else if (digits.length() > count) {
        digits = digits.substring(0, count); // only zeros follow once rounded to count digits
      }
      return new String[] {digits, Integer.toString(exponent)};
    }

    static String exponential(double a, int precision, boolean alternate) {
      String[] parts = significant(a, precision + 1);
      String digits = parts[0];
      int exponent = Integer.parseInt(parts[1]);
      var text = new StringBuilder().append(digits.charAt(0));
      if (precision > 0 || alternate) {
        text.append('.').append(digits, 1, digits.length());
      }
      return text.append(exponentSuffix('e', exponent, 2)).toString();
    }

    static String exponentSuffix(char letter, int exponent, int minDigits) {
      String magnitude = Integer.toString(Math.abs(exponent));
      if (magnitude.length() < minDigits) {
        magnitude = "0".repeat(minDigits - magnitude.length()) + magnitude;
      }
      return letter + (exponent < 0 ? "-" : "+") + magnitude;
    }

    /** C's {@code %g}: the style of {@code %e} or {@code %f} by the exponent X after rounding. */
    static String general(double a, int precision, boolean alternate) {
      int p = precision < 0 ? 6 : precision == 0 ? 1 : precision;
      int x = Integer.parseInt(significant(a, p)[1]);
      String text;
      if (p > x && x >= -4) {
        text = fixed(a, p - 1 - x, alternate);
      } else {
        text = exponential(a, p - 1, alternate);
      }
      return alternate ? text : stripZeros(text);
    }

    /** Removes trailing zeros of the fraction and a trailing point, before any exponent. */
    private static String stripZeros(String text) {
      int e = text.indexOf('e');
      String mantissa = e < 0 ? text : text.substring(0, e);
      String suffix = e < 0 ? "" : text.substring(e);
      if (mantissa.indexOf('.') >= 0) {
        int end = mantissa.length();
        while (mantissa.charAt(end - 1) == '0') {
          end--;
        }
        if (mantissa.charAt(end - 1) == '.') {
          end--;
        }
        mantissa = mantissa.substring(0, end);
      }
      return mantissa + suffix;
    }
  }
}
