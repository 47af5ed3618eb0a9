package dev.jptx.bench.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link PtxasVerboseParser} on output that ptxas 13.0 printed for sm_90 ({@code -v}). */
class PtxasVerboseParserTest {
  /** Two entries (one with barriers and smem, one without smem) and a {@code .func}. */
  static final String OUTPUT =
      """
      ptxas info    : 0 bytes gmem
      ptxas info    : Function properties for helper
          8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads
      ptxas info    : Compiling entry function 'scanBlock' for 'sm_90'
      ptxas info    : Function properties for scanBlock
          0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
      ptxas info    : Used 18 registers, used 1 barriers, 2048 bytes smem
      ptxas info    : Compile time = 13.079 ms
      ptxas info    : Compiling entry function 'warpReduceSum' for 'sm_90'
      ptxas info    : Function properties for warpReduceSum
          232 bytes stack frame, 228 bytes spill stores, 264 bytes spill loads
      ptxas info    : Used 24 registers, used 0 barriers, 232 bytes cumulative stack size
      ptxas info    : Compile time = 4.246 ms
      """;

  @Test
  void parse_knownOutput_givesEachFunctionsFigures() {
    List<PtxasVerboseParser.Function> functions = PtxasVerboseParser.parse(OUTPUT);
    assertEquals(
        List.of("helper", "scanBlock", "warpReduceSum"),
        functions.stream().map(PtxasVerboseParser.Function::name).toList());

    PtxasVerboseParser.Function helper = functions.get(0);
    assertFalse(helper.entry());
    assertEquals(
        Map.of(PtxMetric.STACK, 8L, PtxMetric.SPILL_ST, 4L, PtxMetric.SPILL_LD, 12L),
        helper.figures());

    PtxasVerboseParser.Function scan = functions.get(1);
    assertTrue(scan.entry());
    assertEquals(
        Map.of(
            PtxMetric.REGS, 18L,
            PtxMetric.BAR, 1L,
            PtxMetric.SMEM, 2048L,
            PtxMetric.STACK, 0L,
            PtxMetric.SPILL_ST, 0L,
            PtxMetric.SPILL_LD, 0L),
        scan.figures());

    PtxasVerboseParser.Function warp = functions.get(2);
    assertTrue(warp.entry());
    assertEquals(24L, warp.figures().get(PtxMetric.REGS));
    assertEquals(0L, warp.figures().get(PtxMetric.SMEM), "no smem part means 0");
    assertEquals(232L, warp.figures().get(PtxMetric.STACK));
    assertEquals(228L, warp.figures().get(PtxMetric.SPILL_ST));
    assertEquals(264L, warp.figures().get(PtxMetric.SPILL_LD));
  }

  @Test
  void parse_linesBeforeAnyFunction_areIgnored() {
    assertEquals(
        List.of(),
        PtxasVerboseParser.parse("ptxas info    : Used 9 registers\nptxas info : 0 bytes gmem\n"));
  }
}
