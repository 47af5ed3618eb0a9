package dev.jptx.runtime.sim.ptx;

/**
 * A position in PTX text.
 *
 * @param line the line, from 1
 * @param column the column, from 1; a tab counts as one column
 */
public record SourcePos(int line, int column) {
  @Override
  public String toString() {
    return "line " + line + ", column " + column;
  }
}
