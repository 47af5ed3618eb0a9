package dev.jptx.compiler.text;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one line of IR, DAG or MIR text into tokens: words (names, types, numbers such as {@code
 * -1.5E-3} or {@code 0x7FC00000}), {@code %value}, {@code @symbol}, quoted strings and the
 * punctuation {@code ( ) [ ] , : = { } < > !}. A {@code ;} starts a comment.
 */
public final class LineLexer {
  private final List<String> tokens = new ArrayList<>();
  private final List<Integer> columns = new ArrayList<>();
  private final int lineNumber;
  private int pos;

  /** Tokenizes {@code line}, the 1-based line {@code lineNumber} of its text. */
  public LineLexer(String line, int lineNumber) {
    this.lineNumber = lineNumber;
    int i = 0;
    while (i < line.length()) {
      char c = line.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == ';') {
        break;
      } else if ("()[],:={}<>!".indexOf(c) >= 0) {
        add(String.valueOf(c), i);
        i++;
      } else if (c == '"') {
        int end = line.indexOf('"', i + 1);
        if (end < 0) {
          throw new TextParseException(lineNumber, i + 1, "unterminated string");
        }
        add(line.substring(i, end + 1), i);
        i = end + 1;
      } else {
        int start = i;
        while (i < line.length() && isWordChar(line.charAt(i))) {
          i++;
        }
        if (i == start) {
          throw new TextParseException(lineNumber, i + 1, "unexpected character '" + c + "'");
        }
        add(line.substring(start, i), start);
      }
    }
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || "._+-%@$".indexOf(c) >= 0;
  }

  private void add(String token, int column) {
    tokens.add(token);
    columns.add(column + 1);
  }

  /** True when every token was consumed. */
  public boolean atEnd() {
    return pos >= tokens.size();
  }

  /** The next token without consuming it, or "" at the end. */
  public String peek() {
    return atEnd() ? "" : tokens.get(pos);
  }

  /** The token {@code ahead} places after the next one, or "". */
  public String peek(int ahead) {
    return pos + ahead < tokens.size() ? tokens.get(pos + ahead) : "";
  }

  /** Where the lexer stands, for {@link #reset}: a parser that must look ahead marks it. */
  public int mark() {
    return pos;
  }

  /** Returns to a position {@link #mark} gave. */
  public void reset(int mark) {
    pos = mark;
  }

  /** Consumes and returns the next token. */
  public String next() {
    if (atEnd()) {
      throw error("unexpected end of line");
    }
    return tokens.get(pos++);
  }

  /** Consumes the next token if it is {@code token}. */
  public boolean accept(String token) {
    if (peek().equals(token)) {
      pos++;
      return true;
    }
    return false;
  }

  /** Consumes {@code token} or fails. */
  public void expect(String token) {
    if (!accept(token)) {
      throw error("expected '" + token + "' but found '" + peek() + "'");
    }
  }

  /** Fails unless every token was consumed. */
  public void expectEnd() {
    if (!atEnd()) {
      throw error("unexpected '" + peek() + "'");
    }
  }

  /** An error at the next token's column. */
  public TextParseException error(String message) {
    int column =
        atEnd() ? (columns.isEmpty() ? 1 : columns.get(columns.size() - 1)) : columns.get(pos);
    return new TextParseException(lineNumber, column, message);
  }
}
