package dev.jptx.bench.quality;

import java.util.EnumMap;
import java.util.Map;

/**
 * One module of the size report with its figures in every build.
 *
 * @param module what the tables call it
 * @param corpus true for the size corpus, false for the benchmark suite
 * @param figures per build
 */
record SizeRow(String module, boolean corpus, Map<SizeConfig, SizeFigures> figures) {
  SizeRow {
    figures = Map.copyOf(new EnumMap<>(figures));
  }

  /** A figure of one build. */
  double figure(SizeConfig config, int metric) {
    return figures.get(config).metric(metric);
  }

  /** {@code a}'s figure over {@code b}'s; 0/0 is 1. */
  double ratio(SizeConfig a, SizeConfig b, int metric) {
    double x = figure(a, metric);
    double y = figure(b, metric);
    return y == 0 ? (x == 0 ? 1 : Double.POSITIVE_INFINITY) : x / y;
  }
}
