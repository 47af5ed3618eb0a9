package dev.jptx.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jptx.Gpu;
import dev.jptx.Kernel;
import org.junit.jupiter.api.Test;

/**
 * Dynamic shared memory up to the device's maximum per block (227 KiB on the simulator and the JVM
 * device, as on compute capability 9.0) runs; more is refused before the launch, with one message.
 */
class SharedMemoryLimitTest {
  private static final int LIMIT = 232448;

  /** Kernels for the launches. */
  public static final class K {
    private K() {}

    @Kernel
    public static void length(int[] out) {
      int[] s = Gpu.dynamicSharedInts();
      s[s.length - 1] = s.length;
      out[0] = s[s.length - 1];
    }
  }

  /** Writes %dynamic_smem_size through the last word of the dynamic shared memory. */
  private static final String PTX =
      ".version 7.0\n.target sm_75\n.address_size 64\n"
          + ".extern .shared .align 16 .b8 dyn[];\n"
          + ".visible .entry k(.param .u64 out)\n{\n"
          + "  .reg .b32 %r<3>;\n  .reg .b64 %rd<4>;\n"
          + "  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd2, %rd1;\n"
          + "  mov.u32 %r1, %dynamic_smem_size;\n  mov.u64 %rd3, dyn;\n"
          + "  st.shared.u32 [%rd3+232444], %r1;\n  ld.shared.u32 %r2, [%rd3+232444];\n"
          + "  st.global.u32 [%rd2], %r2;\n  ret;\n}\n";

  private static String refusal(String kernel, int bytes) {
    return "launch of kernel "
        + kernel
        + ": sharedMemoryBytes = "
        + bytes
        + " exceeds the 232448 bytes of shared memory a block may have on this device";
  }

  @Test
  void jvm_runsWithTheMaximumAndRefusesMore() {
    try (Device jvm = Device.jvm()) {
      int[] out = new int[1];
      jvm.launch(Launch.grid1d(1, 1).sharedMemoryBytes(LIMIT), K::length, out);
      assertArrayEquals(new int[] {LIMIT / 4}, out);
    }
  }

  @Test
  void simulator_runsRawPtxWithTheMaximumAndRefusesMore() {
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(PTX)) {
      int[] out = new int[1];
      m.launch("k", Launch.grid1d(1, 1).sharedMemoryBytes(LIMIT), out);
      assertArrayEquals(new int[] {LIMIT}, out);
      var e =
          assertThrows(
              IllegalArgumentException.class,
              () -> m.launch("k", Launch.grid1d(1, 1).sharedMemoryBytes(LIMIT + 1), out));
      assertEquals(refusal("k", LIMIT + 1), e.getMessage());
    }
  }

  @Test
  void everyDevice_refusesMoreThanABlockMayHave() {
    for (Device d : new Device[] {Device.jvm(), Device.simulator()}) {
      try (d) {
        for (int bytes : new int[] {LIMIT + 1, 300 * 1024, Integer.MAX_VALUE}) {
          var e =
              assertThrows(
                  IllegalArgumentException.class,
                  () ->
                      d.launch(Launch.grid1d(1, 1).sharedMemoryBytes(bytes), K::length, new int[1]),
                  d.info().name());
          assertEquals(refusal("K.length", bytes), e.getMessage());
        }
      }
    }
  }
}
