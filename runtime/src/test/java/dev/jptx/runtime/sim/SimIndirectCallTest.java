package dev.jptx.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Indirect calls: {@code mov.u64 %rd, f} gives a function's address, and {@code call ..., %rd,
 * (...), prototype} calls the function there (jptx calls recursive functions so; see the compiler's
 * {@code CallSequence}).
 */
class SimIndirectCallTest {
  private static String ptx() throws IOException {
    try (InputStream in = SimIndirectCallTest.class.getResourceAsStream("indirect-calls.ptx")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void recursionThroughIndirectCalls_computesTheDepth() throws IOException {
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx())) {
      int[] out = new int[1];
      m.launch("depth", Launch.grid1d(1, 1), out, 300);
      assertArrayEquals(new int[] {300}, out);
      assertTrue(sim.lastLaunchStats().instructionsByOpcode().containsKey("call"));
    }
  }

  @Test
  void anIndirectCallOfNoFunction_failsTheLaunchSayingSo() throws IOException {
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx())) {
      KernelException e =
          assertThrows(
              KernelException.class, () -> m.launch("wild", Launch.grid1d(1, 1), new int[1]));
      assertTrue(e.getMessage().contains("where no function lies"), e.getMessage());
    }
  }
}
