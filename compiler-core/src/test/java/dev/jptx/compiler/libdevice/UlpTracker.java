package dev.jptx.compiler.libdevice;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;

/** The largest ulp error seen for one function, with the input where it occurred. */
final class UlpTracker {
  /** System property that turns on millions of random inputs per function. */
  static final String EXHAUSTIVE = "jptx.tests.exhaustive";

  private final String name;
  private double max = -1;
  private double worstX;
  private double worstY;
  private long count;

  UlpTracker(String name) {
    this.name = name;
  }

  /** {@code normal}, or a few million when {@code -Djptx.tests.exhaustive=true}. */
  static int count(int normal) {
    return "true".equals(System.getProperty(EXHAUSTIVE)) ? 2_000_000 : normal;
  }

  /** Records the error of {@code computed} against {@code exact} at the input (x, y). */
  void record(double computed, BigDecimal exact, double x, double y) {
    double err = TrigReference.ulpError(computed, exact);
    count++;
    if (!(err <= max)) {
      max = err;
      worstX = x;
      worstY = y;
    }
  }

  double max() {
    return max;
  }

  /** Prints the maximum and asserts it is within {@code bound} ulps. */
  void check(double bound, boolean binary) {
    String at = binary ? "(" + worstY + ", " + worstX + ")" : "(" + worstX + ")";
    String line =
        String.format(
            "%-6s max error %.4f ulp at %s over %d inputs (bound %.1f)",
            name, max, at, count, bound);
    System.out.println(line);
    assertTrue(max <= bound, line);
  }
}
