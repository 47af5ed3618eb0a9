package dev.jptx.runtime.sim.ptx;

import dev.jptx.runtime.sim.ptx.Token.Kind;

/**
 * Values of PTX literals and integer constant expressions.
 *
 * <p>Integer literals are 64-bit: decimal, hex {@code 0x}, octal {@code 0..}, binary {@code 0b},
 * each with an optional {@code U} suffix, which does not change the bits. Constant expressions use
 * C's operators and precedence for {@code * / % + - << >> & ^ |}, unary {@code - ~ !} and
 * parentheses, evaluated in signed 64-bit arithmetic.
 */
final class Literals {
  private static final String[][] LEVELS = {
    {"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"},
  };

  /** The precedence level of {@code + -}, for offsets after a name or a base register. */
  static final int ADDITIVE = 4;

  private Literals() {}

  /** Tells whether an integer constant expression can start at this token. */
  static boolean startsIntExpr(Token token) {
    return token.kind() == Kind.INT
        || token.is("-")
        || token.is("~")
        || token.is("!")
        || token.is("(");
  }

  /** Parses an integer constant expression. */
  static long intExpr(TokenCursor cursor) {
    return climb(cursor, unary(cursor), 0);
  }

  /**
   * Continues an expression whose left operand is known, taking operators of at least {@code
   * minLevel}: with {@code lhs = 0} and {@link #ADDITIVE} it reads the {@code +4} or {@code -8}
   * after {@code sym} or {@code %rd1}.
   */
  static long climb(TokenCursor cursor, long lhs, int minLevel) {
    while (true) {
      int level = level(cursor.peek());
      if (level < minLevel) {
        return lhs;
      }
      Token operator = cursor.next();
      long rhs = unary(cursor);
      while (level(cursor.peek()) > level) {
        rhs = climb(cursor, rhs, level(cursor.peek()));
      }
      lhs = apply(operator, lhs, rhs);
    }
  }

  private static int level(Token token) {
    if (token.kind() != Kind.PUNCT) {
      return -1;
    }
    for (int level = 0; level < LEVELS.length; level++) {
      for (String operator : LEVELS[level]) {
        if (token.text().equals(operator)) {
          return level;
        }
      }
    }
    return -1;
  }

  private static long unary(TokenCursor cursor) {
    Token token = cursor.next();
    if (token.is("-")) {
      return -unary(cursor);
    } else if (token.is("~")) {
      return ~unary(cursor);
    } else if (token.is("!")) {
      return unary(cursor) == 0 ? 1 : 0;
    } else if (token.is("(")) {
      long value = intExpr(cursor);
      cursor.expect(")");
      return value;
    } else if (token.kind() == Kind.INT) {
      return intValue(token);
    } else if (token.kind() == Kind.FLOAT) {
      throw TokenCursor.error(token, "expected an integer but found " + token.describe());
    }
    throw TokenCursor.error(token, "expected a constant but found " + token.describe());
  }

  private static long apply(Token operator, long lhs, long rhs) {
    switch (operator.text()) {
      case "|":
        return lhs | rhs;
      case "^":
        return lhs ^ rhs;
      case "&":
        return lhs & rhs;
      case "<<":
        return lhs << rhs;
      case ">>":
        return lhs >> rhs;
      case "+":
        return lhs + rhs;
      case "-":
        return lhs - rhs;
      case "*":
        return lhs * rhs;
      default:
        if (rhs == 0) {
          throw TokenCursor.error(operator, "division by zero in a constant expression");
        }
        return operator.is("/") ? lhs / rhs : lhs % rhs;
    }
  }

  /** The value of an integer literal token. */
  static long intValue(Token token) {
    String text = token.text();
    if (text.endsWith("U") || text.endsWith("u")) {
      text = text.substring(0, text.length() - 1);
    }
    int radix = 10;
    String digits = text;
    if (text.length() > 1 && text.charAt(0) == '0') {
      char second = Character.toLowerCase(text.charAt(1));
      radix = second == 'x' ? 16 : second == 'b' ? 2 : 8;
      digits = radix == 8 ? text.substring(1) : text.substring(2);
    }
    try {
      return Long.parseUnsignedLong(digits, radix);
    } catch (NumberFormatException e) {
      String problem = radix == 8 ? "malformed octal constant " : "integer constant out of range ";
      throw TokenCursor.error(token, problem + token.text());
    }
  }

  /** The value of a float literal token. */
  static FloatImm floatValue(Token token) {
    String text = token.text();
    char form = text.length() > 1 ? Character.toLowerCase(text.charAt(1)) : ' ';
    if (text.charAt(0) == '0' && form == 'f') {
      return new FloatImm(Long.parseLong(text.substring(2), 16), true, false);
    }
    if (text.charAt(0) == '0' && form == 'd') {
      return new FloatImm(Long.parseUnsignedLong(text.substring(2), 16), false, false);
    }
    return new FloatImm(Double.doubleToRawLongBits(Double.parseDouble(text)), false, true);
  }
}
