package dev.jptx.runtime.sim.ptx;

import dev.jptx.runtime.sim.ptx.Token.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits PTX text into tokens. Comments and {@code @@DWARF} lines are dropped. Modifiers are
 * separate {@link Kind#DIRECTIVE} tokens ({@code ld.global.f32} is {@code ld}, {@code .global},
 * {@code .f32}); a special register's vector component stays in its name ({@code %tid.x}).
 */
final class PtxLexer {
  private final String text;
  private final List<Token> tokens = new ArrayList<>();
  private int pos;
  private int line = 1;
  private int lineStart;

  private PtxLexer(String text) {
    this.text = text;
  }

  /** Tokenizes the whole text; the list ends with an {@link Kind#EOF} token. */
  static List<Token> tokenize(String text) {
    PtxLexer lexer = new PtxLexer(text);
    lexer.run();
    return lexer.tokens;
  }

  private void run() {
    while (true) {
      skipSpaceAndComments();
      if (pos >= text.length()) {
        tokens.add(new Token(Kind.EOF, "", line, column()));
        return;
      }
      char c = text.charAt(pos);
      int column = column();
      int start = pos;
      if (c == '%' && pos + 1 < text.length() && isFollow(text.charAt(pos + 1))
          || c >= 'a' && c <= 'z'
          || c >= 'A' && c <= 'Z'
          || c == '_'
          || c == '$') {
        add(Kind.IDENT, identifier(), column);
      } else if (c == '.' && pos + 1 < text.length() && isFollow(text.charAt(pos + 1))) {
        add(Kind.DIRECTIVE, directive(), column);
      } else if (isDigit(c)) {
        Kind kind = number();
        add(kind, text.substring(start, pos), column);
      } else if (c == '"') {
        add(Kind.STRING, string(), column);
      } else if (text.startsWith("@@", pos)) {
        // @@DWARF lines carry debug data in old PTX; nothing in them is executable
        skipToLineEnd();
      } else if (c == '#') {
        throw error(column, "preprocessor directives are not supported");
      } else {
        add(Kind.PUNCT, punctuation(), column);
      }
    }
  }

  private void add(Kind kind, String tokenText, int column) {
    tokens.add(new Token(kind, tokenText, line, column));
  }

  private int column() {
    return pos - lineStart + 1;
  }

  private void skipSpaceAndComments() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '\n') {
        newLine(pos);
        pos++;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
        pos++;
      } else if (text.startsWith("//", pos)) {
        skipToLineEnd();
      } else if (text.startsWith("/*", pos)) {
        int column = column();
        int end = text.indexOf("*/", pos + 2);
        if (end < 0) {
          throw error(column, "unterminated comment");
        }
        for (int i = pos; i < end; i++) {
          if (text.charAt(i) == '\n') {
            newLine(i);
          }
        }
        pos = end + 2;
      } else {
        return;
      }
    }
  }

  private void newLine(int newlineAt) {
    line++;
    lineStart = newlineAt + 1;
  }

  private void skipToLineEnd() {
    while (pos < text.length() && text.charAt(pos) != '\n') {
      pos++;
    }
  }

  private String identifier() {
    int start = pos;
    pos++;
    while (pos < text.length() && isFollow(text.charAt(pos))) {
      pos++;
    }
    // %tid.x, %ctaid.y: the component belongs to the register, not to the opcode's modifiers
    if (text.charAt(start) == '%'
        && pos + 1 < text.length()
        && text.charAt(pos) == '.'
        && "xyzwrgba".indexOf(text.charAt(pos + 1)) >= 0
        && (pos + 2 >= text.length() || !isFollow(text.charAt(pos + 2)))) {
      pos += 2;
    }
    return text.substring(start, pos);
  }

  private String directive() {
    int start = pos;
    pos++;
    while (true) {
      while (pos < text.length() && isFollow(text.charAt(pos))) {
        pos++;
      }
      // qualified modifiers such as .shared::cta or .L2::cache_hint are one modifier
      if (text.startsWith("::", pos) && pos + 2 < text.length() && isFollow(text.charAt(pos + 2))) {
        pos += 2;
      } else {
        return text.substring(start, pos);
      }
    }
  }

  /** Reads a number; the caller takes its text. Values are computed by {@link Literals}. */
  private Kind number() {
    int column = column();
    Kind kind = Kind.INT;
    char next = pos + 1 < text.length() ? Character.toLowerCase(text.charAt(pos + 1)) : ' ';
    if (text.charAt(pos) == '0' && (next == 'x' || next == 'b')) {
      pos += 2;
      int digits = skipWhile(next == 'x' ? "0123456789abcdefABCDEF" : "01");
      if (digits == 0) {
        throw error(column, "malformed number");
      }
      skipUnsignedSuffix();
    } else if (text.charAt(pos) == '0' && (next == 'f' || next == 'd')) {
      pos += 2;
      int digits = skipWhile("0123456789abcdefABCDEF");
      if (digits != (next == 'f' ? 8 : 16)) {
        throw error(
            column,
            "a 0" + next + " constant takes exactly " + (next == 'f' ? 8 : 16) + " hex digits");
      }
      kind = Kind.FLOAT;
    } else {
      skipWhile("0123456789");
      if (pos + 1 < text.length() && text.charAt(pos) == '.' && isDigit(text.charAt(pos + 1))) {
        pos++;
        skipWhile("0123456789");
        kind = Kind.FLOAT;
      }
      if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
        pos++;
        if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
          pos++;
        }
        if (skipWhile("0123456789") == 0) {
          throw error(column, "malformed number");
        }
        kind = Kind.FLOAT;
      }
      if (kind == Kind.INT) {
        skipUnsignedSuffix();
      }
    }
    if (pos < text.length() && isFollow(text.charAt(pos))) {
      throw error(column, "malformed number");
    }
    return kind;
  }

  private void skipUnsignedSuffix() {
    if (pos < text.length() && (text.charAt(pos) == 'U' || text.charAt(pos) == 'u')) {
      pos++;
    }
  }

  private int skipWhile(String chars) {
    int start = pos;
    while (pos < text.length() && chars.indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
    return pos - start;
  }

  private String string() {
    int column = column();
    StringBuilder value = new StringBuilder();
    pos++;
    while (pos < text.length() && text.charAt(pos) != '"' && text.charAt(pos) != '\n') {
      char c = text.charAt(pos++);
      if (c == '\\' && pos < text.length()) {
        char escaped = text.charAt(pos++);
        value.append(escaped == 'n' ? '\n' : escaped == 't' ? '\t' : escaped);
      } else {
        value.append(c);
      }
    }
    if (pos >= text.length() || text.charAt(pos) != '"') {
      throw error(column, "unterminated string");
    }
    pos++;
    return value.toString();
  }

  private String punctuation() {
    if (text.startsWith("<<", pos) || text.startsWith(">>", pos)) {
      pos += 2;
      return text.substring(pos - 2, pos);
    }
    char c = text.charAt(pos);
    if (",;:{}()[]<>+-*/%~!&|^=@?".indexOf(c) < 0) {
      throw error(column(), "unexpected character '" + c + "'");
    }
    pos++;
    return String.valueOf(c);
  }

  private PtxParseException error(int column, String message) {
    return new PtxParseException(line, column, message);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** The PTX {@code followsym} characters. */
  private static boolean isFollow(char c) {
    return c >= 'a' && c <= 'z'
        || c >= 'A' && c <= 'Z'
        || c >= '0' && c <= '9'
        || c == '_'
        || c == '$';
  }
}
