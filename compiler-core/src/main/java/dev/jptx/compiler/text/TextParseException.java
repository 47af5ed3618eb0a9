package dev.jptx.compiler.text;

/** Malformed IR, DAG or MIR text; the message names the line and column. */
public final class TextParseException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** An error at a 1-based line and column. */
  public TextParseException(int line, int column, String message) {
    super("line " + line + ", column " + column + ": " + message);
  }
}
