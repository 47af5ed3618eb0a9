package dev.jptx.runtime.sim.ptx;

/**
 * PTX text the parser cannot read. The message names the place: {@code line 12, column 5: expected
 * ']' but found ';'}. The parser stops at the first error.
 */
public final class PtxParseException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int line;
  private final int column;
  private final String detail;

  /**
   * Creates the exception.
   *
   * @param line the line, from 1
   * @param column the column, from 1
   * @param detail what is wrong, without the position
   */
  public PtxParseException(int line, int column, String detail) {
    super("line " + line + ", column " + column + ": " + detail);
    this.line = line;
    this.column = column;
    this.detail = detail;
  }

  /**
   * Returns the line of the error.
   *
   * @return the line, from 1
   */
  public int line() {
    return line;
  }

  /**
   * Returns the column of the error.
   *
   * @return the column, from 1 (a tab counts as one)
   */
  public int column() {
    return column;
  }

  /**
   * Returns the message without its position.
   *
   * @return what is wrong
   */
  public String detail() {
    return detail;
  }
}
