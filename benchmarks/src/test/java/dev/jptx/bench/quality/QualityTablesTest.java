package dev.jptx.bench.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.bench.suite.BenchCaseCounts.Count;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The quality report's tables without the tools: reading {@code ptx-report}'s Markdown back, the
 * ratios and geometric means, the opcode breakdown, the criteria and the splice into {@code
 * docs/quality.md}. The report itself needs nvcc and minutes, so it runs only under {@code -P
 * quality}; this keeps its code from rotting in the default build.
 */
class QualityTablesTest {
  /** A cut-down {@code ptx-report --compare --markdown} output with a function and an orphan. */
  static final String PTX_REPORT =
      """
      A (ours)   = jptx-strict/META-INF/jptx
      B (theirs) = nvcc-strict/kernels.ptx

      | kernel | regs:A | regs:B | A/B | spillSt:A | spillSt:B | A/B | spillLd:A | spillLd:B \
      | A/B | sassNP:A | sassNP:B | A/B |
      |:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
      | vecAdd | 12 | 12 | 1.00 | 0 | 0 | 1.00 | 0 | 0 | 1.00 | 25 | 20 | 1.25 |
      | blackScholes | 44 | 21 | 2.10 | 8 | 0 | inf | 8 | 0 | inf | 80 | 20 | 4.00 |
      | ExpLog_expKernel [func] | - | n/a | - | 0 | n/a | - | 0 | n/a | - | - | n/a | - |
      | onlyOurs | 10 | n/a | - | 0 | n/a | - | 0 | n/a | - | 10 | n/a | - |
      | GEOMEAN (entries) |  |  | 1.45 |  |  | 1.00 |  |  | 1.00 |  |  | 2.24 |
      | TOTAL (entries) | 56 | 33 | 1.70 | 8 | 0 | inf | 8 | 0 | inf | 105 | 40 | 2.63 |

      - ratios are A/B (ours/theirs); 0/0 counts as 1.00, x/0 as inf
      - only in A: ExpLog_expKernel, onlyOurs
      """;

  @Test
  void parse_compareTable_pairsEntriesAndListsTheRest() {
    PtxComparison c = PtxComparison.parse(PTX_REPORT);
    assertEquals(
        List.of("vecAdd", "blackScholes"), c.rows().stream().map(r -> r.kernel()).toList());
    assertEquals(44, c.rows().get(1).ours("regs"));
    assertEquals(21, c.rows().get(1).theirs("regs"));
    assertEquals(List.of("ExpLog_expKernel"), c.functions());
    assertEquals(List.of("ExpLog_expKernel", "onlyOurs"), c.onlyInOurs());
    assertEquals(List.of(), c.onlyInTheirs());
    assertEquals(Math.sqrt(1.25 * 4.0), c.geomean("sassNP"), 1e-12);
  }

  @Test
  void parse_withoutTable_throws() {
    assertThrows(IllegalArgumentException.class, () -> PtxComparison.parse("ptxas failed\n"));
  }

  @Test
  void geomean_ofKnownRatios() {
    assertEquals(4.0, Ratios.geomean(List.of(2.0, 8.0)), 1e-12);
    assertTrue(Double.isNaN(Ratios.geomean(List.of())));
    assertThrows(IllegalArgumentException.class, () -> Ratios.geomean(List.of(0.0)));
    assertEquals("1.150", Ratios.format(1.15));
    assertEquals(List.of("saxpy (1.500)"), Criteria.dynamicBreaches(dynamic()));
  }

  @Test
  void criteria_registersAndSpills_nameTheBreaches() {
    PtxComparison c = PtxComparison.parse(PTX_REPORT);
    assertEquals(List.of("blackScholes (44 vs 21)"), Criteria.registerBreaches(c));
    assertEquals(List.of("blackScholes (8/8 B st/ld)"), Criteria.spillBreaches(c));
    assertTrue(Criteria.meets(1.00));
    assertTrue(!Criteria.meets(1.001));
  }

  @Test
  void dynamic_rowsSortedByKernel_largestLosersAndOpcodes() {
    DynamicComparison d = dynamic();
    assertEquals(List.of("polyA", "saxpy"), d.rows().stream().map(r -> r.kernel()).toList());
    assertEquals(Math.sqrt(1.5 * 0.5), d.geomean(), 1e-12);
    DynamicComparison.Row worst = d.largestRatios(1).get(0);
    assertEquals("saxpy", worst.kernel());
    assertEquals(
        List.of(
            new DynamicComparison.OpcodeDelta("cvta.to.global.u64", 40, 0),
            new DynamicComparison.OpcodeDelta("ld.global.f32", 60, 50)),
        DynamicComparison.largestDeltas(worst, 6));
  }

  @Test
  void dynamic_kernelOnOneSide_throws() {
    assertThrows(
        IllegalArgumentException.class,
        () -> DynamicComparison.of(List.of(count("a", 1)), List.of(count("b", 1))));
  }

  @Test
  void render_sameInputs_sameTextWithEverySection() {
    Provenance p = new Provenance(LocalDate.of(2026, 1, 2), "sm_90", "nvcc 13", "ptxas 13", "abc");
    ModeResult strict =
        new ModeResult(
            Mode.STRICT,
            List.of("nvcc", "-ptx"),
            PtxReport.command("ptx-report", "sm_90", "jptx-strict/META-INF/jptx", "k.ptx"),
            PTX_REPORT,
            PtxComparison.parse(PTX_REPORT),
            dynamic(),
            List.of(
                new PressurePasses.Row("saxpy", 10, 10), new PressurePasses.Row("nbody", 30, 32)),
            List.of(
                new LoopVariants.Row(
                    "dotLoop",
                    List.of(
                        new LoopVariants.Figures(14, 33, 700),
                        new LoopVariants.Figures(13, 30, 720),
                        new LoopVariants.Figures(12, 25, 900))),
                new LoopVariants.Row(
                    "saxpy",
                    List.of(
                        new LoopVariants.Figures(10, 20, 100),
                        new LoopVariants.Figures(10, 20, 100),
                        new LoopVariants.Figures(10, 20, 100)))));
    String text = QualityMarkdown.render(p, List.of(strict));
    assertEquals(text, QualityMarkdown.render(p, List.of(strict)));
    for (String expected :
        List.of(
            "2026-01-02",
            "### Summary",
            "| strict | `nvcc --fmad=false` | 2.236 (> 1.00) | 0.866 (ok) | saxpy (1.500) | blackScholes (44 vs 21)",
            "### strict: ptxas figures",
            "ptx-report paired 2 entry kernels by name (the suite has 2); only in jptx: ExpLog_expKernel"
                + " (a .func), onlyOurs",
            "| saxpy | 150 | 100 | 1.500 | jptx: y differs |",
            "| GEOMEAN | | | 0.866 | |",
            "| `cvta.to.global.u64` | 40 | 0 | +40 |",
            "### strict: registers with the pressure passes on and off",
            "| nbody | 30 | 32 | -2 |",
            "lower with them on: nbody; higher: none",
            "### strict: the loop transformations on and off",
            "| kernel | dynamic: default | dynamic: pipeliner on | dynamic: runtime unrolling off |"
                + " sassNP: default |",
            "| dotLoop | 700 | 720 | 900 | 33 | 30 | 25 | 14 | 13 | 12 |",
            "the same in every build: saxpy.")) {
      assertTrue(text.contains(expected), () -> "no '" + expected + "' in:\n" + text);
    }
  }

  @Test
  void splice_keepsTheHandWrittenText() {
    String doc =
        "# Quality\n\nintro\n\n"
            + GeneratedSection.BEGIN
            + "\nold tables\n"
            + GeneratedSection.END
            + "\n\n## Where we lose\n\nanalysis\n";
    String spliced = GeneratedSection.splice(doc, "new tables\n");
    assertEquals(
        "# Quality\n\nintro\n\n"
            + GeneratedSection.BEGIN
            + "\nnew tables\n"
            + GeneratedSection.END
            + "\n\n## Where we lose\n\nanalysis\n",
        spliced);
    assertEquals(spliced, GeneratedSection.splice(spliced, "new tables"));
  }

  @Test
  void splice_noMarkers_appendsTheSection() {
    assertEquals(
        "# Quality\n\n" + GeneratedSection.BEGIN + "\nt\n" + GeneratedSection.END + "\n",
        GeneratedSection.splice("# Quality\n", "t"));
    assertThrows(
        IllegalArgumentException.class,
        () -> GeneratedSection.splice(GeneratedSection.END + GeneratedSection.BEGIN, "t"));
  }

  private static DynamicComparison dynamic() {
    Count saxpyOurs =
        new Count(
            "saxpy", 150, Map.of("ld.global.f32", 60L, "cvta.to.global.u64", 40L), "y differs");
    Count saxpyTheirs = new Count("saxpy", 100, Map.of("ld.global.f32", 50L), null);
    return DynamicComparison.of(
        List.of(saxpyOurs, count("polyA", 50)), List.of(count("polyA", 100), saxpyTheirs));
  }

  private static Count count(String kernel, long instructions) {
    return new Count(kernel, instructions, Map.of(), null);
  }
}
