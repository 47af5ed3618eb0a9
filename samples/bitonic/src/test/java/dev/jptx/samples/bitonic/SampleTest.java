package dev.jptx.samples.bitonic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SampleTest {
  @Test
  void run_simulator_sortsAsTheJvmAndArraysSortDo() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    // 1000: padded to 1024
    try (Device sim = Device.simulator()) {
      assertTrue(
          Main.run(sim, 1000, new PrintStream(text, true, StandardCharsets.UTF_8)),
          text.toString(StandardCharsets.UTF_8));
    }
    String report = text.toString(StandardCharsets.UTF_8);
    assertTrue(report.contains("(padded to 1024), 55 launches"), report);
    assertTrue(report.contains("0 descents; 0 of 1000 elements differ"), report);
    assertTrue(report.contains("thread-instructions"), report);
  }

  @Test
  void sort_simulator_keepsDuplicatesAndExtremes() {
    int[] data = {3, Integer.MIN_VALUE, 3, Integer.MAX_VALUE, -1, 0, 3};
    try (Device sim = Device.simulator()) {
      Main.sort(sim, data);
    }
    assertArrayEquals(new int[] {Integer.MIN_VALUE, -1, 0, 3, 3, 3, Integer.MAX_VALUE}, data);
  }
}
