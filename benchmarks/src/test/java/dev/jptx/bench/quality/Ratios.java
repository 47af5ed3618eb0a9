package dev.jptx.bench.quality;

import java.util.List;
import java.util.Locale;

/** Ratios ours/theirs and their geometric mean, as the report prints them. */
final class Ratios {
  private Ratios() {}

  /**
   * The geometric mean.
   *
   * @param ratios positive values
   * @return {@code exp(mean(log r))}, or NaN for no values
   */
  static double geomean(List<Double> ratios) {
    if (ratios.isEmpty()) {
      return Double.NaN;
    }
    double logSum = 0;
    for (double r : ratios) {
      if (!(r > 0) || Double.isInfinite(r)) {
        throw new IllegalArgumentException("not a positive finite ratio: " + r);
      }
      logSum += Math.log(r);
    }
    return Math.exp(logSum / ratios.size());
  }

  /** A ratio with three decimals, whatever the default locale: {@code 1.234}. */
  static String format(double ratio) {
    return String.format(Locale.ROOT, "%.3f", ratio);
  }
}
