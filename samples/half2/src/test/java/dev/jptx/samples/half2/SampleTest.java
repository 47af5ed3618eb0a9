package dev.jptx.samples.half2;

import static dev.jptx.Gpu.highHalf;
import static dev.jptx.Gpu.lowHalf;
import static dev.jptx.Gpu.packHalf2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SampleTest {
  @Test
  void run_simulator_pairsEqualTheJvmsBitForBit() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    try (Device sim = Device.simulator()) {
      assertTrue(
          Main.run(sim, 10_001, new PrintStream(text, true, StandardCharsets.UTF_8)),
          text.toString(StandardCharsets.UTF_8));
    }
    String report = text.toString(StandardCharsets.UTF_8);
    assertTrue(report.contains("0 of 5001 pairs differ"), report);
    assertTrue(report.contains("thread-instructions"), report);
  }

  @Test
  void axpy_simulator_roundsOnceToHalf() {
    // 2049 is not a half (11 bits of mantissa): 1 * 2048 + 1 rounds to even, 2048; 3 * 0.5 + 0.25
    // is exact
    int[] x = {packHalf2(2048, 0.5f)};
    int[] y = {packHalf2(1, 0.25f)};
    try (Device sim = Device.simulator()) {
      sim.launch(Launch.grid1d(1, 32), HalfAxpy::axpy, 1, packHalf2(1, 3), x, y);
    }
    assertEquals(2048.0f, lowHalf(y[0]));
    assertEquals(1.75f, highHalf(y[0]));
  }
}
