package dev.jptx.spi;

/** One {@code %} conversion specification of a C format, parsed; see {@link CFormat}. */
final class SpecParser {
  private final String format;
  private final CFormat.Arguments args;
  private int pos;

  boolean leftAlign;
  boolean plus;
  boolean space;
  boolean alternate;
  boolean zeroPad;
  int width = -1;
  int precision = -1;

  /** The integer width the length modifier reads: 8, 16, 32 (none) or 64. */
  int bits = 32;

  char conversion;

  SpecParser(String format, int start, CFormat.Arguments args) {
    this.format = format;
    this.pos = start;
    this.args = args;
  }

  /**
   * Parses flags, width, precision, length and conversion, taking {@code *} values from the
   * arguments.
   *
   * @return the index just after the conversion character
   */
  int parse() {
    flags();
    width = number(true);
    if (peek() == '.') {
      pos++;
      precision = Math.max(0, number(false));
      if (precision == Integer.MAX_VALUE) {
        precision = -1; // "*" with a negative value: as if no precision were given
      }
    }
    length();
    conversion = next();
    return pos;
  }

  private void flags() {
    while (true) {
      switch (peek()) {
        case '-':
          leftAlign = true;
          break;
        case '+':
          plus = true;
          break;
        case ' ':
          space = true;
          break;
        case '#':
          alternate = true;
          break;
        case '0':
          zeroPad = true;
          break;
        default:
          return;
      }
      pos++;
    }
  }

  /**
   * A decimal number, {@code *} for the next argument, or nothing (-1 for a width, 0 for a
   * precision). A negative {@code *} width means left alignment; a negative {@code *} precision is
   * reported as {@link Integer#MAX_VALUE}.
   */
  private int number(boolean isWidth) {
    if (peek() == '*') {
      pos++;
      Object arg = args.next();
      if (!(arg instanceof Integer)) {
        throw new IllegalArgumentException("printf: '*' expects an int argument, got " + arg);
      }
      int v = (Integer) arg;
      if (v < 0 && isWidth) {
        leftAlign = true;
        return -v;
      }
      return v < 0 ? Integer.MAX_VALUE : v;
    }
    int start = pos;
    while (Character.isDigit(peek())) {
      pos++;
    }
    if (start == pos) {
      return isWidth ? -1 : 0;
    }
    return Integer.parseInt(format.substring(start, pos));
  }

  private void length() {
    switch (peek()) {
      case 'h':
        pos++;
        bits = 16;
        if (peek() == 'h') {
          pos++;
          bits = 8;
        }
        break;
      case 'l':
        pos++;
        bits = 64;
        if (peek() == 'l') {
          pos++;
        }
        break;
      case 'j':
      case 'z':
      case 't':
      case 'L':
      case 'q':
        pos++;
        bits = 64;
        break;
      default:
        break;
    }
  }

  private char peek() {
    return pos < format.length() ? format.charAt(pos) : '\0';
  }

  private char next() {
    if (pos >= format.length()) {
      throw new IllegalArgumentException(
          "printf: incomplete conversion at the end of \"" + format + "\"");
    }
    return format.charAt(pos++);
  }
}
