package dev.jptx.runtime.sim.ptx;

/**
 * A token of PTX text.
 *
 * @param kind what it is
 * @param text the text as written; for a {@link Kind#STRING}, the value without quotes
 * @param line the line, from 1
 * @param column the column, from 1
 */
record Token(Kind kind, String text, int line, int column) {
  /** Token kinds. */
  enum Kind {
    /** A name: {@code ld}, {@code %r1}, {@code %tid.x}, {@code $L__BB0_2}, {@code _}. */
    IDENT,
    /** A dot name: {@code .reg}, {@code .global}, {@code .f32}, {@code .shared::cta}. */
    DIRECTIVE,
    /** An integer literal in any notation. */
    INT,
    /** A float literal: {@code 0f3F800000}, {@code 0d...}, {@code 1.5}, {@code 1e-3}. */
    FLOAT,
    /** A string literal. */
    STRING,
    /** Punctuation or an operator. */
    PUNCT,
    /** The end of the text. */
    EOF
  }

  /** Tells whether this is the punctuation, directive or name {@code expected}. */
  boolean is(String expected) {
    return kind != Kind.STRING && kind != Kind.EOF && text.equals(expected);
  }

  /** Names the token for error messages: {@code ';'}, {@code end of input}. */
  String describe() {
    switch (kind) {
      case EOF:
        return "end of input";
      case STRING:
        return "\"" + text + "\"";
      default:
        return "'" + text + "'";
    }
  }

  SourcePos pos() {
    return new SourcePos(line, column);
  }
}
