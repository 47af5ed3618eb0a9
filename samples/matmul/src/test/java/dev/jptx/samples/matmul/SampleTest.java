package dev.jptx.samples.matmul;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SampleTest {
  @Test
  void run_simulator_productEqualsTheJvmsBitForBit() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    // 40: not a multiple of the tile, so the edge tiles are padded
    try (Device sim = Device.simulator()) {
      assertTrue(
          Main.run(sim, 40, new PrintStream(text, true, StandardCharsets.UTF_8)),
          text.toString(StandardCharsets.UTF_8));
    }
    String report = text.toString(StandardCharsets.UTF_8);
    assertTrue(report.contains("0 of 1600 elements differ"), report);
    assertTrue(report.contains("thread-instructions"), report);
  }

  @Test
  void matMul_jvmDevice_multipliesByTheIdentityAtAnOddSize() {
    int n = 17;
    float[] a = new float[n * n];
    float[] identity = new float[n * n];
    for (int i = 0; i < n * n; i++) {
      a[i] = i;
    }
    for (int i = 0; i < n; i++) {
      identity[i * n + i] = 1;
    }
    float[] c = new float[n * n];
    try (Device jvm = Device.jvm()) {
      jvm.launch(Launch.of(Dim3.of(2, 2), Dim3.of(16, 16)), TiledMatMul::matMul, n, a, identity, c);
    }
    assertArrayEquals(a, c);
  }
}
