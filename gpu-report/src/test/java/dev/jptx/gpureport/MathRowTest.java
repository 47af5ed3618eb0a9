package dev.jptx.gpureport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The math section's rows: the worst of every sweep, the cells, the check and the JSON. */
class MathRowTest {
  @Test
  void markdown_showsEachVariantsWorstTheFlushedCountsAndTheCheck() {
    MathRow row = new MathRow(MathFunction.HYPOT);
    row.add(MathVariant.JPTX_DEFAULT, new UlpTally(0.9, 1.5f, 2f, 0, 64));
    row.add(MathVariant.JPTX_DEFAULT, new UlpTally(3.25, 0.25f, -0.5f, 0, 64));
    row.add(MathVariant.JPTX_FAST, new UlpTally(Double.POSITIVE_INFINITY, 3f, 4f, 7, 128));
    row.add(MathVariant.NVCC_FAST, new UlpTally(0.5, 1f, 1f, 2, 128));
    assertEquals(
        "| `hypot` | 3 | 3.250 at (0.25, -0.5) | ∞ at (3.0, 4.0) | 7 | 0 | 0.500 at (1.0, 1.0) | 2"
            + " | **no** |",
        row.markdown());
    assertFalse(row.jptxWithinBound());
  }

  @Test
  void json_hasEveryVariantAndFlushedOnlyForTheFastOnes() {
    MathRow row = new MathRow(MathFunction.SQRT);
    row.add(MathVariant.JPTX_DEFAULT, new UlpTally(0.5, 2f, 0, 0, 64));
    Map<String, Object> json = row.json("sm_90");
    assertEquals("sm_90", json.get("target"));
    assertEquals("sqrt", json.get("function"));
    assertEquals(64L, json.get("inputs"));
    assertEquals(Map.of("maxUlps", 0.5, "worst", "2.0"), json.get("jptxDefault"));
    assertEquals(Map.of("maxUlps", 0.0, "worst", "0.0", "flushed", 0L), json.get("nvccFast"));
    assertEquals(true, json.get("jptxDefaultWithinBound"));
    assertEquals(
        "| `sqrt` | 0 (correctly rounded) | 0.500 at 2.0 | 0 | 0 | 0 | 0 | 0 | yes |",
        row.markdown());
  }
}
