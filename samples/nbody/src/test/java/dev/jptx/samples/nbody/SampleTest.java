package dev.jptx.samples.nbody;

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
  void run_simulator_finalStateEqualsTheJvmsBitForBit() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    try (Device sim = Device.simulator()) {
      assertTrue(
          Main.run(sim, 40, new PrintStream(text, true, StandardCharsets.UTF_8)),
          text.toString(StandardCharsets.UTF_8));
    }
    String report = text.toString(StandardCharsets.UTF_8);
    assertTrue(report.contains("0 of 280 final coordinates differ"), report);
    assertTrue(report.contains("energy at step " + Main.STEPS), report);
    assertTrue(report.contains("thread-instructions"), report);
  }

  @Test
  void step_jvmDevice_twoBodiesPullEachOtherSymmetrically() {
    // unit masses at x = -1 and x = 1 at rest: each accelerates toward the other by 1 / (4 +
    // eps2)^1.5
    float[] pos = {-1, 0, 0, 1, 1, 0, 0, 1};
    float[] vel = new float[6];
    float[] newPos = new float[8];
    float[] newVel = new float[6];
    try (Device jvm = Device.jvm()) {
      jvm.launch(Launch.grid1d(2, 32), Gravity::step, 2, 0.5f, 5.0f, pos, vel, newPos, newVel);
    }
    float invR = 1.0f / 3.0f;
    float a = 2.0f * (invR * invR * invR);
    assertEquals(0.5f * a, newVel[0]);
    assertEquals(-0.5f * a, newVel[3]);
    assertEquals(-1 + 0.5f * (0.5f * a), newPos[0]);
    assertEquals(1.0f, newPos[7]); // the mass is carried over
  }
}
