package dev.jptx.samples.reduction;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SampleTest {
  @Test
  void run_simulator_blockSumsEqualTheJvmsBitForBit() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    // 5000: the last of the 20 blocks is partial, its threads past n add 0
    try (Device sim = Device.simulator()) {
      assertTrue(
          Main.run(sim, 5000, new PrintStream(text, true, StandardCharsets.UTF_8)),
          text.toString(StandardCharsets.UTF_8));
    }
    String report = text.toString(StandardCharsets.UTF_8);
    assertTrue(report.contains("0 of 20 block sums differ"), report);
    assertTrue(report.contains("thread-instructions"), report);
  }

  @Test
  void blockSums_jvmDevice_addsEachBlockAndZeroPastN() {
    float[] in = new float[300];
    Arrays.fill(in, 1.0f);
    float[] sums = new float[2];
    try (Device jvm = Device.jvm()) {
      jvm.launch(Launch.grid1d(300, BlockSums.BLOCK), BlockSums::blockSums, 300, in, sums);
    }
    assertTrue(sums[0] == 256.0f && sums[1] == 44.0f, sums[0] + " " + sums[1]);
  }
}
