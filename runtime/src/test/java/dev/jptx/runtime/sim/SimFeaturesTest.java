package dev.jptx.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * nvcc's PTX for a kernel that uses device functions with {@code .param} arguments and results,
 * {@code __constant__} and initialised {@code __device__} data (including addresses), static and
 * dynamic shared memory, a local array, {@code printf}, inline assembly and {@code __trap()}
 * (source: {@code nvcc-features.cu} next to the PTX).
 */
class SimFeaturesTest {
  private static final String ENTRY = "_Z4kernPfPK6float4ii";

  private static String ptx() throws IOException {
    try (InputStream in = SimFeaturesTest.class.getResourceAsStream("ptx/nvcc-features.ptx")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void oneThread_computesWhatTheCudaSourceSays() throws IOException {
    float[] out = {0.5f, 0.25f, 0, 0};
    float[] in = {1, 2, 3, 4};
    PrintStream saved = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx())) {
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      m.launch(ENTRY, Launch.grid1d(1, 1).sharedMemoryBytes(64), out, in, 5, 0);
      assertTrue(sim.lastLaunchStats().instructionsByOpcode().containsKey("call.uni"));
    } finally {
      System.setOut(saved);
    }
    // dyn[1] (0) + local[0] (0) + addOne(0, 0.5f) (7) + *gptr (3) + gd (1.5) + pairf(0.25f).y
    // (0.5); then r + gull + gsh[0] = 1 + (2^64 - 1) + (2^64 - 1) wraps to 2^64 - 1
    assertArrayEquals(new float[] {12.0f, 1.8446744e19f, 0, 0}, out);
    assertEquals("hello 5 12.000000 hi\n", printed.toString(StandardCharsets.UTF_8));
  }

  @Test
  void negativeN_traps() throws IOException {
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx())) {
      KernelException e =
          assertThrows(
              KernelException.class,
              () ->
                  m.launch(
                      ENTRY,
                      Launch.grid1d(1, 1).sharedMemoryBytes(64),
                      new float[4],
                      new float[4],
                      -1,
                      0));
      assertTrue(e.getMessage().contains("trap"), e.getMessage());
    }
  }
}
