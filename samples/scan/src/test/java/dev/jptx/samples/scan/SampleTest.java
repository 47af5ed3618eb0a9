package dev.jptx.samples.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SampleTest {
  @Test
  void run_simulator_sumsEqualTheJvmsAndALoops() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    // 1500: three segments, the last one partial, so the carries matter
    try (Device sim = Device.simulator()) {
      assertTrue(
          Main.run(sim, 1500, new PrintStream(text, true, StandardCharsets.UTF_8)),
          text.toString(StandardCharsets.UTF_8));
    }
    String report = text.toString(StandardCharsets.UTF_8);
    assertTrue(report.contains("in 3 segments"), report);
    assertTrue(report.contains("0 of 1500 sums differ"), report);
    assertTrue(report.contains("thread-instructions"), report);
  }

  @Test
  void scan_simulator_carriesAcrossSegmentsAndWraps() {
    int[] in = new int[PrefixSum.SEGMENT + 2];
    Arrays.fill(in, 1);
    in[PrefixSum.SEGMENT] = Integer.MAX_VALUE; // the last sum wraps past MAX_VALUE
    int[] out = new int[in.length];
    try (Device sim = Device.simulator()) {
      Main.scan(sim, in, out);
    }
    int[] expected = new int[in.length];
    for (int i = 0; i <= PrefixSum.SEGMENT; i++) {
      expected[i] = i;
    }
    expected[PrefixSum.SEGMENT + 1] = PrefixSum.SEGMENT + Integer.MAX_VALUE;
    assertArrayEquals(expected, out);
  }
}
