package dev.jptx.runtime.sim.ptx;

import dev.jptx.runtime.sim.ptx.Token.Kind;
import java.util.List;

/** A position in the token list, with the expect-or-fail helpers the parsers share. */
final class TokenCursor {
  private final List<Token> tokens;
  private int index;

  TokenCursor(List<Token> tokens) {
    this.tokens = tokens;
  }

  Token peek() {
    return tokens.get(index);
  }

  /** Looks ahead; past the end it keeps answering the EOF token. */
  Token peek(int ahead) {
    return tokens.get(Math.min(index + ahead, tokens.size() - 1));
  }

  Token next() {
    Token token = tokens.get(index);
    if (token.kind() != Kind.EOF) {
      index++;
    }
    return token;
  }

  boolean at(String text) {
    return peek().is(text);
  }

  boolean at(Kind kind) {
    return peek().kind() == kind;
  }

  /** Consumes the token if it is {@code text}. */
  boolean accept(String text) {
    if (at(text)) {
      index++;
      return true;
    }
    return false;
  }

  Token expect(String text) {
    if (!at(text)) {
      throw error(peek(), "expected '" + text + "' but found " + peek().describe());
    }
    return next();
  }

  /** Consumes a token of a kind; {@code what} names it in the error ("a name", "an integer"). */
  Token expect(Kind kind, String what) {
    if (!at(kind)) {
      throw error(peek(), "expected " + what + " but found " + peek().describe());
    }
    return next();
  }

  /** Skips the rest of a line: the arguments of directives whose content is not kept. */
  void skipLine(int line) {
    while (peek().kind() != Kind.EOF && peek().line() == line) {
      next();
    }
  }

  /** Skips to and past the next {@code ;}. */
  void skipStatement() {
    while (!at(Kind.EOF) && !at(";")) {
      next();
    }
    expect(";");
  }

  /** Skips a balanced {@code { ... }} group; the cursor is at its {@code {}. */
  void skipBraces() {
    Token open = expect("{");
    int depth = 1;
    while (depth > 0) {
      Token token = next();
      if (token.kind() == Kind.EOF) {
        throw error(open, "unbalanced '{'");
      }
      if (token.is("{")) {
        depth++;
      } else if (token.is("}")) {
        depth--;
      }
    }
  }

  static PtxParseException error(Token at, String message) {
    return new PtxParseException(at.line(), at.column(), message);
  }
}
