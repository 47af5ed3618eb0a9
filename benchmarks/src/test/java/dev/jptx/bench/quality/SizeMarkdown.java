package dev.jptx.bench.quality;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The size report's Markdown: a summary against issue #23's goals, then one table per figure with
 * every module in the four builds and the outliner's ratios (on over off) at {@code -O3} and {@code
 * -Os}, corpus and benchmark suite each with its geometric mean.
 */
final class SizeMarkdown {
  /** The figures, in {@link SizeFigures#metric}'s order. */
  static final List<String> METRICS =
      List.of(
          "PTX instructions",
          "SASS instructions (sassNP, relocatable: an outlined function counts once)",
          "registers (the most of any kernel of the module)",
          "ptxas time in ms (median of three runs; varies from run to run)",
          "dynamic thread-instructions on sim");

  /** The goal for the corpus's PTX at {@code -Os}: at least 15 % fewer than without outlining. */
  static final double PTX_GOAL = 0.85;

  /** The most a benchmark kernel may slow down at the default level. */
  static final double DYNAMIC_GOAL = 1.05;

  private SizeMarkdown() {}

  /**
   * One benchmark kernel's dynamic thread-instructions in each build.
   *
   * @param kernel its name
   * @param o3 at the default level
   * @param o3Outlined at {@code -O3} with the outliner on
   */
  record KernelDynamic(String kernel, long o3, long o3Outlined) {
    double ratio() {
      return o3 == 0 ? 1 : (double) o3Outlined / o3;
    }
  }

  /**
   * Renders the section.
   *
   * @param header the line that says when, how and from what it was made
   * @param rows every module, corpus and suite
   * @param bench the benchmark kernels' dynamic counts
   * @return Markdown without markers
   */
  static String render(String header, List<SizeRow> rows, List<KernelDynamic> bench) {
    List<SizeRow> corpus = sorted(rows, true);
    List<SizeRow> suite = sorted(rows, false);
    StringBuilder sb = new StringBuilder();
    sb.append("## The machine outliner and `-Os` (issue #23), measured\n\n");
    sb.append(header).append("\n\n");
    double ptx = geomean(corpus, SizeConfig.OS, SizeConfig.OS_PLAIN, 0);
    double sass = geomean(corpus, SizeConfig.OS, SizeConfig.OS_PLAIN, 1);
    KernelDynamic worst =
        bench.stream().max(Comparator.comparingDouble(KernelDynamic::ratio)).orElse(null);
    List<List<String>> summary = new ArrayList<>();
    summary.add(
        List.of(
            "size corpus at `-Os`: PTX instructions, outliner on / off, geomean",
            Ratios.format(ptx),
            "at most " + Ratios.format(PTX_GOAL) + ": " + (ptx <= PTX_GOAL ? "met" : "missed")));
    summary.add(
        List.of(
            "size corpus at `-Os`: SASS instructions, outliner on / off, geomean",
            Ratios.format(sass),
            "below 1: " + (sass < 1 ? "met" : "missed")));
    summary.add(
        List.of(
            "benchmark kernels at the default level (`-O3`, outliner off): dynamic instructions"
                + " against no outlining, largest",
            "1.000",
            "at most " + Ratios.format(DYNAMIC_GOAL) + ": met (the default does not outline)"));
    if (worst != null) {
      summary.add(
          List.of(
              "benchmark kernels at `-O3` with the outliner on: dynamic instructions, on / off,"
                  + " largest",
              Ratios.format(worst.ratio()) + " (" + worst.kernel() + ")",
              worst.ratio() <= DYNAMIC_GOAL
                  ? "within " + Ratios.format(DYNAMIC_GOAL)
                  : "above " + Ratios.format(DYNAMIC_GOAL) + ": one reason the default is off"));
    }
    sb.append(TextTable.render(List.of("measure", "value", "goal"), summary, true, 1));
    sb.append("\n\n");
    sb.append("The corpus: ")
        .append(String.join(", ", corpus.stream().map(SizeRow::module).toList()))
        .append(". The benchmark suite: its ")
        .append(suite.size())
        .append(" kernel classes (")
        .append(bench.size())
        .append(" kernels). Columns: the four builds, then the outliner's ratio on / off at")
        .append(" `-O3` and at `-Os`.\n");
    for (int m = 0; m < METRICS.size(); m++) {
      sb.append("\n### ").append(METRICS.get(m)).append("\n\n");
      List<String> headers = new ArrayList<>(List.of("module"));
      for (SizeConfig c : SizeConfig.values()) {
        headers.add(c.label());
      }
      headers.add("on/off -O3");
      headers.add("on/off -Os");
      List<List<String>> body = new ArrayList<>();
      addRows(body, corpus, m, "GEOMEAN (corpus)");
      addRows(body, suite, m, "GEOMEAN (benchmarks)");
      sb.append(TextTable.render(headers, body, true, 1)).append('\n');
    }
    return sb.toString();
  }

  private static void addRows(List<List<String>> body, List<SizeRow> rows, int m, String mean) {
    for (SizeRow r : rows) {
      List<String> cells = new ArrayList<>(List.of(r.module()));
      for (SizeConfig c : SizeConfig.values()) {
        cells.add(number(r.figure(c, m), m));
      }
      cells.add(Ratios.format(r.ratio(SizeConfig.O3_OUTLINED, SizeConfig.O3, m)));
      cells.add(Ratios.format(r.ratio(SizeConfig.OS, SizeConfig.OS_PLAIN, m)));
      body.add(cells);
    }
    if (!rows.isEmpty()) {
      List<String> cells = new ArrayList<>(List.of(mean, "", "", "", ""));
      cells.add(Ratios.format(geomean(rows, SizeConfig.O3_OUTLINED, SizeConfig.O3, m)));
      cells.add(Ratios.format(geomean(rows, SizeConfig.OS, SizeConfig.OS_PLAIN, m)));
      body.add(cells);
    }
  }

  /** The geometric mean of the rows' ratios {@code a}/{@code b} of one figure. */
  static double geomean(List<SizeRow> rows, SizeConfig a, SizeConfig b, int metric) {
    return Ratios.geomean(rows.stream().map(r -> r.ratio(a, b, metric)).toList());
  }

  private static List<SizeRow> sorted(List<SizeRow> rows, boolean corpus) {
    return rows.stream()
        .filter(r -> r.corpus() == corpus)
        .sorted(Comparator.comparing(SizeRow::module))
        .toList();
  }

  private static String number(double v, int metric) {
    return metric == 3 ? String.format(Locale.ROOT, "%.1f", v) : Long.toString((long) v);
  }
}
