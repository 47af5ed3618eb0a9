package dev.jptx.compiler.driver;

/**
 * Where a dump was taken: before or after a pass or group ({@code after opt}, {@code before
 * machine-cse}).
 *
 * @param name the pass or group
 * @param before true for {@code --print-before}
 */
public record PrintPoint(String name, boolean before) {
  /** After a stage. */
  public static PrintPoint after(Stage s) {
    return new PrintPoint(s.cliName(), false);
  }

  /** After a pass or group. */
  public static PrintPoint after(String name) {
    return new PrintPoint(name, false);
  }

  /** Before a pass or group. */
  public static PrintPoint before(String name) {
    return new PrintPoint(name, true);
  }

  /** The stage of this point, or null if it names a pass. */
  public Stage stage() {
    for (Stage s : Stage.values()) {
      if (s.cliName().equals(name)) {
        return s;
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return (before ? "before " : "after ") + name;
  }
}
