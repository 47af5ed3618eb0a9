package dev.jptx.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import org.junit.jupiter.api.Test;

/** A kernel that breaks the rules fails its launch with the PTX line, address, space and thread. */
class SimErrorsTest {
  private static String kernel(String body) {
    return """
        .version 7.8
        .target sm_90
        .address_size 64
        .visible .entry k(.param .u64 k_param_0)
        {
          .reg .pred %p<3>;
          .reg .b32 %r<8>;
          .reg .b64 %rd<4>;
          ld.param.u64 %rd1, [k_param_0];
          mov.u32 %r1, %tid.x;
        """
        + body
        + """
          ret;
        }
        """;
  }

  private static String failure(String body, Launch launch, Object array) {
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(kernel(body))) {
      KernelException e = assertThrows(KernelException.class, () -> m.launch("k", launch, array));
      return e.getMessage();
    }
  }

  @Test
  void outOfBoundsLoad_namesLineAddressSpaceAndThread() {
    String msg =
        failure(
            """
              mul.wide.u32 %rd2, %r1, 4;
              add.s64 %rd3, %rd1, %rd2;
              ld.global.u32 %r2, [%rd3];
            """,
            Launch.grid1d(64, 64), new int[40]);
    assertTrue(msg.contains("PTX line 13 (ld.global.u32)"), msg);
    assertTrue(
        msg.contains(
            "out of bounds of argument int[] (160 bytes at 0x100000000000, byte offset 160)"),
        msg);
    assertTrue(msg.contains("4-byte access at global address 0x"), msg);
    assertTrue(msg.contains("thread (40,0,0) of block (0,0,0)"), msg);
  }

  @Test
  void misalignedStore_isAnError() {
    String msg = failure("  st.global.u32 [%rd1+2], %r1;\n", Launch.grid1d(1, 1), new int[4]);
    assertTrue(msg.contains("misaligned access"), msg);
  }

  @Test
  void accessBetweenAllocations_isAnError() {
    String msg = failure("  ld.global.u32 %r2, [%rd1+-64];\n", Launch.grid1d(1, 1), new int[4]);
    assertTrue(
        msg.contains(
            "out of bounds of argument int[] (16 bytes at 0x100000000000, byte offset -64)"),
        msg);
    msg = failure("  ld.global.u32 %r2, [%rd1+0x4000000];\n", Launch.grid1d(1, 1), new int[4]);
    assertTrue(msg.contains("no allocation there"), msg);
  }

  @Test
  void sharedMemoryOverrun_isAnError() {
    String msg = failure("  ld.shared.u32 %r2, [64];\n", Launch.grid1d(1, 1), new int[4]);
    assertTrue(msg.contains("shared address 0x40"), msg);
  }

  @Test
  void threadsWaitingAtDifferentBarriers_deadlock() {
    String msg =
        failure(
            """
              setp.eq.u32 %p1, %r1, 0;
              @%p1 bar.sync 1;
              @!%p1 bar.sync 2;
            """,
            Launch.grid1d(64, 64), new int[4]);
    assertTrue(msg.contains("deadlock in block (0,0,0)"), msg);
    assertTrue(msg.contains("barrier 1: 1 thread(s) waiting of 64"), msg);
  }

  @Test
  void shuffleNamingAnExitedLane_isAnError() {
    String msg =
        failure(
            """
              setp.lt.u32 %p1, %r1, 16;
              @%p1 ret;
              shfl.sync.down.b32 %r2, %r1, 1, 31, -1;
            """,
            Launch.grid1d(32, 32), new int[4]);
    assertTrue(msg.contains("which has exited"), msg);
  }

  @Test
  void trap_failsTheLaunch() {
    String msg = failure("  trap;\n", Launch.grid1d(1, 1), new int[4]);
    assertTrue(msg.contains("trap"), msg);
  }
}
