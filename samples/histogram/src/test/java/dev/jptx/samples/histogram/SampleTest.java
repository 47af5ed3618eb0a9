package dev.jptx.samples.histogram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SampleTest {
  @Test
  void run_simulator_countsEqualTheJvmsAndALoops() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    try (Device sim = Device.simulator()) {
      assertTrue(
          Main.run(sim, 20_000, new PrintStream(text, true, StandardCharsets.UTF_8)),
          text.toString(StandardCharsets.UTF_8));
    }
    String report = text.toString(StandardCharsets.UTF_8);
    assertTrue(report.contains("0 of 256 bins differ"), report);
    assertTrue(report.contains("thread-instructions"), report);
  }

  @Test
  void histogram_simulator_addsToTheBinsAndReadsBytesUnsigned() {
    byte[] data = {-1, -1, 0, 5, -128};
    int[] bins = new int[Histogram.BINS];
    bins[5] = 10; // the kernel adds to what is there
    try (Device sim = Device.simulator()) {
      sim.launch(Launch.grid1d(64, 32), Histogram::histogram, data.length, data, bins);
    }
    int[] expected = new int[Histogram.BINS];
    expected[255] = 2;
    expected[0] = 1;
    expected[5] = 11;
    expected[128] = 1;
    assertArrayEquals(expected, bins);
  }
}
