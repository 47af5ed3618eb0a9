package dev.jptx.gpureport;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One function's line of the math section: each variant's largest error and worst input over all
 * its sweeps, as a Markdown table row and as a JSON object.
 */
final class MathRow {
  /** The table's header: one row per function. */
  static final String HEADER =
      "| function | CUDA bound | jptx default | jptx fast | flushed | nvcc default | nvcc fast"
          + " | flushed | jptx default within bound |\n"
          + "|---|---|---|---|---|---|---|---|---|";

  private final MathFunction function;
  private final Map<MathVariant, UlpTally> tallies = new EnumMap<>(MathVariant.class);

  MathRow(MathFunction function) {
    this.function = function;
    for (MathVariant v : MathVariant.values()) {
      tallies.put(v, UlpTally.EMPTY);
    }
  }

  /** Adds a sweep's comparison for {@code variant}. */
  void add(MathVariant variant, UlpTally tally) {
    tallies.merge(variant, tally, UlpTally::merge);
  }

  MathFunction function() {
    return function;
  }

  UlpTally tally(MathVariant variant) {
    return tallies.get(variant);
  }

  /** Whether jptx's default build met CUDA's bound: the section's check. */
  boolean jptxWithinBound() {
    return function.withinBound(tally(MathVariant.JPTX_DEFAULT).maxUlps());
  }

  /** The Markdown row. */
  String markdown() {
    return String.format(
        Locale.ROOT,
        "| `%s` | %s | %s | %s | %d | %s | %s | %d | %s |",
        function.functionName(),
        bound(function.bound()),
        cell(tally(MathVariant.JPTX_DEFAULT)),
        cell(tally(MathVariant.JPTX_FAST)),
        tally(MathVariant.JPTX_FAST).flushed(),
        cell(tally(MathVariant.NVCC_DEFAULT)),
        cell(tally(MathVariant.NVCC_FAST)),
        tally(MathVariant.NVCC_FAST).flushed(),
        jptxWithinBound() ? "yes" : "**no**");
  }

  /** The JSON object; an infinite error is written as null. */
  Map<String, Object> json(String target) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("target", target);
    row.put("function", function.functionName());
    row.put("cudaBoundUlps", function.bound());
    row.put("inputs", tally(MathVariant.JPTX_DEFAULT).inputs());
    for (MathVariant v : MathVariant.values()) {
      UlpTally t = tally(v);
      Map<String, Object> figures = new LinkedHashMap<>();
      figures.put("maxUlps", t.maxUlps());
      figures.put("worst", worst(t));
      if (v.mayFlush()) {
        figures.put("flushed", t.flushed());
      }
      row.put(v.key(), figures);
    }
    row.put("jptxDefaultWithinBound", jptxWithinBound());
    return row;
  }

  private static String bound(double ulps) {
    return ulps == 0 ? "0 (correctly rounded)" : String.format(Locale.ROOT, "%.0f", ulps);
  }

  private String cell(UlpTally t) {
    if (t.maxUlps() == 0) {
      return "0";
    }
    String max =
        Double.isInfinite(t.maxUlps()) ? "∞" : String.format(Locale.ROOT, "%.3f", t.maxUlps());
    return max + " at " + worst(t);
  }

  /** The worst input as Java prints it (exact: it reads back as the same float). */
  private String worst(UlpTally t) {
    return function.binary()
        ? "(" + t.worstFirst() + ", " + t.worstSecond() + ")"
        : Float.toString(t.worstFirst());
  }
}
