package dev.jptx.samples.blackscholes;

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
  void run_simulator_pricesAgreeWithTheJvmWithinTheTolerance() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    try (Device sim = Device.simulator()) {
      assertTrue(
          Main.run(sim, 2000, new PrintStream(text, true, StandardCharsets.UTF_8)),
          text.toString(StandardCharsets.UTF_8));
    }
    String report = text.toString(StandardCharsets.UTF_8);
    assertTrue(report.contains("0 of 4000 prices outside the tolerance"), report);
    assertTrue(report.contains("thread-instructions"), report);
  }

  @Test
  void price_jvmDevice_matchesATextbookValueAndPutCallParity() {
    // S = 100, K = 100, T = 1, r = 0.05, v = 0.2: call 10.4506, put 5.5735 (Hull)
    float[] call = new float[1];
    float[] put = new float[1];
    try (Device jvm = Device.jvm()) {
      jvm.launch(
          Launch.grid1d(1, 32),
          BlackScholes::price,
          1,
          0.05f,
          0.2f,
          new float[] {100},
          new float[] {100},
          new float[] {1},
          call,
          put);
    }
    assertEquals(10.4506, call[0], 1e-3);
    assertEquals(5.5735, put[0], 1e-3);
  }
}
