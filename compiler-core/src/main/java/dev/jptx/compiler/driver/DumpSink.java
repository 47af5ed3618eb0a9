package dev.jptx.compiler.driver;

/** Receives the textual form of a stage's result for {@code --print-after}. */
@FunctionalInterface
public interface DumpSink {
  /** Discards everything. */
  DumpSink NONE = (stage, unit, text) -> {};

  /**
   * Called after {@code stage} ran on {@code unit} (a class, or a class and target).
   *
   * @param text the stage's result in its textual form
   */
  void dump(Stage stage, String unit, String text);
}
