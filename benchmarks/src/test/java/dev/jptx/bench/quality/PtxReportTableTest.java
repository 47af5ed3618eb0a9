package dev.jptx.bench.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link PtxReportTable} and {@link PtxMetric}: pairing, ratios, GEOMEAN, TOTAL and notes. The
 * expected texts are what the reference design's {@code ptx-report --compare} printed for the same
 * rows (fed to it as JSON).
 */
class PtxReportTableTest {
  static final List<KernelFigures> OURS =
      List.of(
          row("k1", true, 9L, 10L),
          row("k2", true, 0L, 5L),
          row("f1", false, null, null),
          row("onlyA", true, 7L, 3L));

  static final List<KernelFigures> THEIRS =
      List.of(row("k1", true, 8L, 8L), row("k2", true, 0L, 0L), row("onlyB", true, 6L, 4L));

  static final List<PtxMetric> METRICS = List.of(PtxMetric.REGS, PtxMetric.SASS);

  @Test
  void render_markdown_pairsByNameWithRatiosGeomeanTotalAndNotes() {
    assertEquals(
        """
        A (ours)   = ours
        B (theirs) = theirs

        | kernel | regs:A | regs:B | A/B | sass:A | sass:B | A/B |
        |:---|---:|---:|---:|---:|---:|---:|
        | k1 | 9 | 8 | 1.12 | 10 | 8 | 1.25 |
        | k2 | 0 | 0 | 1.00 | 5 | 0 | inf |
        | f1 [func] | - | n/a | - | - | n/a | - |
        | onlyA | 7 | n/a | - | 3 | n/a | - |
        | onlyB | n/a | 6 | - | n/a | 4 | - |
        | GEOMEAN (entries) |  |  | 1.06 |  |  | 1.25 |
        | TOTAL (entries) | 9 | 8 | 1.12 | 15 | 8 | 1.88 |

        - ratios are A/B (ours/theirs); 0/0 counts as 1.00, x/0 as inf
        - GEOMEAN is over entry kernels present in both suites with a finite non-zero ratio \
        (n per metric: regs=2, sass=1)
        - excluded as x/0 (inf): sass=1
        - only in A: f1, onlyA
        - only in B: onlyB
        """,
        PtxReportTable.render(OURS, THEIRS, METRICS, true, "ours", "theirs"));
  }

  @Test
  void render_text_alignsTheColumns() {
    assertEquals(
        """
        A (ours)   = a
        B (theirs) = b

        kernel             regs:A  regs:B   A/B  sass:A  sass:B   A/B
        -----------------  ------  ------  ----  ------  ------  ----
        k1                      9       8  1.12      10       8  1.25
        k2                      0       0  1.00       5       0   inf
        f1 [func]               -     n/a     -       -     n/a     -
        onlyA                   7     n/a     -       3     n/a     -
        onlyB                 n/a       6     -     n/a       4     -
        GEOMEAN (entries)                  1.06                  1.25
        TOTAL (entries)         9       8  1.12      15       8  1.88

        note: ratios are A/B (ours/theirs); 0/0 counts as 1.00, x/0 as inf
        note: GEOMEAN is over entry kernels present in both suites with a finite non-zero ratio \
        (n per metric: regs=2, sass=1)
        note: excluded as x/0 (inf): sass=1
        note: only in A: f1, onlyA
        note: only in B: onlyB
        """,
        PtxReportTable.render(OURS, THEIRS, METRICS, false, "a", "b"));
  }

  @Test
  void formatRatio_roundsHalfToEvenOnTheExactValue() {
    assertEquals("1.12", PtxReportTable.formatRatio(9.0 / 8)); // a tie: to even
    assertEquals("1.88", PtxReportTable.formatRatio(15.0 / 8)); // a tie: to even
    assertEquals("1.00", PtxReportTable.formatRatio(1.005)); // 1.00499999999999989...
    assertEquals("0.17", PtxReportTable.formatRatio(45.0 / 268));
    assertEquals("inf", PtxReportTable.formatRatio(PtxReportTable.ratio(3L, 0L)));
    assertEquals("1.00", PtxReportTable.formatRatio(PtxReportTable.ratio(0L, 0L)));
    assertEquals("-", PtxReportTable.formatRatio(PtxReportTable.ratio(null, 4L)));
  }

  @Test
  void metrics_parseListInOrder_unknownKeyThrows() {
    assertEquals(
        List.of(PtxMetric.SASS_NP, PtxMetric.REGS, PtxMetric.SPILL_LD),
        PtxMetric.parseList("sassnp, regs,,spill_ld"));
    assertThrows(IllegalArgumentException.class, () -> PtxMetric.parseList("regs,ms"));
  }

  private static KernelFigures row(String name, boolean entry, Long regs, Long sass) {
    Map<PtxMetric, Long> figures = new EnumMap<>(PtxMetric.class);
    if (regs != null) {
      figures.put(PtxMetric.REGS, regs);
    }
    if (sass != null) {
      figures.put(PtxMetric.SASS, sass);
    }
    return new KernelFigures("m.ptx", name, entry, figures);
  }
}
