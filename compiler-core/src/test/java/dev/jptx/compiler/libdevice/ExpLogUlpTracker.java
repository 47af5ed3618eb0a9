package dev.jptx.compiler.libdevice;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;

/**
 * The largest error in ulps seen for one function, with the input where it occurred; prints it and
 * fails when it exceeds the function's bound. Inputs per function come from {@link #count}: a
 * default small enough for the ordinary build, millions with {@code -Djptx.tests.exhaustive=true}.
 */
final class ExpLogUlpTracker {
  static final boolean EXHAUSTIVE = Boolean.getBoolean("jptx.tests.exhaustive");

  private final String name;
  private final double bound;
  private double max = -1;
  private double atX = Double.NaN;
  private double atY = Double.NaN;
  private long inputs;

  ExpLogUlpTracker(String name, double bound) {
    this.name = name;
    this.bound = bound;
  }

  /**
   * {@code normal}, or a million times {@code scale} when the exhaustive property is set, or the
   * {@code jptx.tests.count} property when given.
   */
  static int count(int normal, int scale) {
    return Integer.getInteger("jptx.tests.count", EXHAUSTIVE ? 1_000_000 * scale : normal);
  }

  /** Records {@code got} for input {@code x} (and {@code y}) against the exact value. */
  void check(double got, BigDecimal exact, double x, double y) {
    double err = ExpLogReference.ulpError(got, exact);
    inputs++;
    if (!(err <= max)) {
      max = Double.isNaN(err) ? Double.POSITIVE_INFINITY : err;
      atX = x;
      atY = y;
    }
  }

  /** Records a result that must equal {@code expected} bit for bit (an overflow, say). */
  void checkExact(double got, double expected, double x, double y) {
    inputs++;
    if (Double.doubleToLongBits(got) != Double.doubleToLongBits(expected)) {
      max = Double.POSITIVE_INFINITY;
      atX = x;
      atY = y;
    }
  }

  /** Prints the maximum and asserts the bound. */
  void report() {
    String where = Double.isNaN(atY) ? "x=" + atX : "x=" + atX + ", y=" + atY;
    String line =
        String.format("%-6s max error %.4f ulp at %s over %d inputs", name, max, where, inputs);
    System.out.println(line);
    assertTrue(max <= bound, line + " exceeds " + bound + " ulp");
  }
}
