package dev.jptx.compiler.driver;

/**
 * Receives the code at the print points the options ask for ({@code --print-after} and friends).
 */
@FunctionalInterface
public interface DumpSink {
  /** Discards everything. */
  DumpSink NONE = (point, unit, text) -> {};

  /**
   * Called at {@code point} of {@code unit} (a class, or a class and target).
   *
   * @param text the code in its textual form there
   */
  void dump(PrintPoint point, String unit, String text);
}
