package dev.jptx.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;
import org.junit.jupiter.api.Test;

/** One Java array passed as two arguments: one buffer on every device, as in Java. */
class AliasingTest {
  /** Kernels whose launches are refused before any module is needed. */
  public static final class K {
    private K() {}

    @Kernel
    public static void copy(@ReadOnly int[] in, int[] out) {}
  }

  /** b[0] = a[0] + 1, then b[1] = a[0]: with a and b one array, b[1] sees the store. */
  private static final String PTX =
      ".version 7.0\n.target sm_75\n.address_size 64\n"
          + ".visible .entry bump(.param .u64 a, .param .u64 b)\n{\n"
          + "  .reg .b32 %r<4>;\n  .reg .b64 %rd<5>;\n"
          + "  ld.param.u64 %rd1, [a];\n  ld.param.u64 %rd2, [b];\n"
          + "  cvta.to.global.u64 %rd3, %rd1;\n  cvta.to.global.u64 %rd4, %rd2;\n"
          + "  ld.global.u32 %r1, [%rd3];\n  add.s32 %r2, %r1, 1;\n  st.global.u32 [%rd4], %r2;\n"
          + "  ld.global.u32 %r3, [%rd3];\n  st.global.u32 [%rd4+4], %r3;\n  ret;\n}\n";

  @Test
  void simulator_oneArrayPassedTwiceIsOneBuffer() {
    int[] same = {41, 0};
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(PTX)) {
      m.launch("bump", Launch.of(Dim3.of(1), Dim3.of(1)), same, same);
    }
    assertArrayEquals(new int[] {42, 42}, same, "the second load sees the store, as in Java");
  }

  @Test
  void everyDevice_refusesOneArrayAsReadOnlyAndWritten() {
    int[] same = new int[4];
    for (Device d : new Device[] {Device.jvm(), Device.simulator()}) {
      try (d) {
        var e =
            assertThrows(
                IllegalArgumentException.class,
                () -> d.launch(Launch.grid1d(4, 4), K::copy, same, same));
        assertEquals(
            "launch of kernel K.copy: arguments 0 and 1 are the same array, one"
                + " @ReadOnly and one written; pass a copy for the read-only parameter",
            e.getMessage());
      }
    }
  }
}
