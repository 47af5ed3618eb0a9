package dev.jptx.bench.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The size report's tables without the tools (the report needs ptxas and minutes, so it runs only
 * under {@code -P size}): ratios, geometric means, the goals' verdicts and the splice into its own
 * section of {@code docs/quality.md}.
 */
class SizeTablesTest {
  @Test
  void render_ratiosGeomeansAndVerdicts() {
    SizeRow small = row("Small", true, 100, 100, 100, 80);
    SizeRow big = row("Big", true, 1000, 900, 800, 500);
    SizeRow bench = row("Elementwise", false, 50, 50, 50, 50);
    List<SizeMarkdown.KernelDynamic> kernels =
        List.of(
            new SizeMarkdown.KernelDynamic("saxpy", 100, 100),
            new SizeMarkdown.KernelDynamic("polyB", 100, 110));
    String text = SizeMarkdown.render("_header_", List.of(small, big, bench), kernels);
    assertEquals(text, SizeMarkdown.render("_header_", List.of(big, small, bench), kernels));
    double ptx = Math.sqrt(0.8 * 0.625);
    assertEquals(
        ptx,
        SizeMarkdown.geomean(List.of(small, big), SizeConfig.OS, SizeConfig.OS_PLAIN, 0),
        1e-12);
    for (String expected :
        List.of(
            "_header_",
            "| size corpus at `-Os`: PTX instructions, outliner on / off, geomean | "
                + Ratios.format(ptx)
                + " | at most 0.850: met |",
            "| Big | 1000 | 900 | 800 | 500 | 0.900 | 0.625 |",
            "| Small | 100 | 100 | 100 | 80 | 1.000 | 0.800 |",
            "| GEOMEAN (corpus) |  |  |  |  | 0.949 | " + Ratios.format(ptx) + " |",
            "| Elementwise | 50 | 50 | 50 | 50 | 1.000 | 1.000 |",
            "1.100 (polyB)",
            "above 1.050")) {
      assertTrue(text.contains(expected), () -> "no '" + expected + "' in:\n" + text);
    }
  }

  @Test
  void render_missedGoal_saysSo() {
    String text =
        SizeMarkdown.render("h", List.of(row("Flat", true, 100, 100, 100, 95)), List.of());
    assertTrue(text.contains("at most 0.850: missed"), text);
    assertTrue(text.contains("below 1: met"), text);
  }

  @Test
  void splice_ownMarkers_leaveTheQualitySectionAlone() {
    String doc =
        GeneratedSection.BEGIN
            + "\nquality\n"
            + GeneratedSection.END
            + "\n\n"
            + SizeReport.BEGIN
            + "\nold\n"
            + SizeReport.END
            + "\n";
    String spliced = GeneratedSection.splice(doc, "new", SizeReport.BEGIN, SizeReport.END);
    assertEquals(doc.replace("\nold\n", "\nnew\n"), spliced);
    assertEquals(spliced.replace("\nquality\n", "\nq2\n"), GeneratedSection.splice(spliced, "q2"));
  }

  /** A row whose figures are all {@code n} of its build, registers and time included. */
  private static SizeRow row(String name, boolean corpus, long o3, long o3On, long os, long osOn) {
    Map<SizeConfig, SizeFigures> f = new EnumMap<>(SizeConfig.class);
    f.put(SizeConfig.O3, figures(o3));
    f.put(SizeConfig.O3_OUTLINED, figures(o3On));
    f.put(SizeConfig.OS_PLAIN, figures(os));
    f.put(SizeConfig.OS, figures(osOn));
    return new SizeRow(name, corpus, f);
  }

  private static SizeFigures figures(long n) {
    return new SizeFigures(n, n, n, n, n);
  }
}
