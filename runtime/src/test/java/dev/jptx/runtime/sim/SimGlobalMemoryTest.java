package dev.jptx.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.DeviceArray;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import dev.jptx.runtime.sim.memory.AddressMap;
import dev.jptx.runtime.sim.memory.GlobalMemory;
import dev.jptx.runtime.sim.memory.MemoryFault;
import dev.jptx.runtime.sim.memory.Region;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The simulator's global memory: guard gaps that catch far out-of-bounds accesses, and allocations
 * beyond 2 GiB, backed lazily so that they need no heap of their size.
 */
class SimGlobalMemoryTest {
  /** {@code k(a, out, i)}: {@code out[0] = a[i]} with a 32-bit index, as a Java kernel does. */
  private static final String GATHER =
      """
      .version 7.8
      .target sm_90
      .address_size 64
      .visible .entry k(.param .u64 a, .param .u64 out, .param .u32 i)
      {
        .reg .b32 %r<4>;
        .reg .b64 %rd<6>;
        ld.param.u64 %rd1, [a];
        ld.param.u64 %rd2, [out];
        ld.param.u32 %r1, [i];
        mul.wide.s32 %rd3, %r1, 4;
        add.s64 %rd4, %rd1, %rd3;
        ld.global.u32 %r2, [%rd4];
        st.global.u32 [%rd2], %r2;
        ret;
      }
      """;

  /**
   * {@code put(a, i, v)}: {@code a[i] = v}; {@code get(a, i, out)}: {@code out[0] = a[i]}, with a
   * 64-bit index.
   */
  private static final String PUT_GET =
      """
      .version 7.8
      .target sm_90
      .address_size 64
      .visible .entry put(.param .u64 a, .param .u64 i, .param .u32 v)
      {
        .reg .b32 %r<4>;
        .reg .b64 %rd<6>;
        ld.param.u64 %rd1, [a];
        ld.param.u64 %rd2, [i];
        ld.param.u32 %r1, [v];
        shl.b64 %rd3, %rd2, 2;
        add.s64 %rd4, %rd1, %rd3;
        st.global.u32 [%rd4], %r1;
        ret;
      }
      .visible .entry get(.param .u64 a, .param .u64 i, .param .u64 out)
      {
        .reg .b32 %r<4>;
        .reg .b64 %rd<6>;
        ld.param.u64 %rd1, [a];
        ld.param.u64 %rd2, [i];
        ld.param.u64 %rd5, [out];
        shl.b64 %rd3, %rd2, 2;
        add.s64 %rd4, %rd1, %rd3;
        ld.global.u32 %r1, [%rd4];
        st.global.u32 [%rd5], %r1;
        ret;
      }
      """;

  @Test
  void farOutOfBoundsLoad_faultsInTheGuardGapInsteadOfReadingTheNextArray() {
    // a[1088] of 64 ints is 4352 bytes in: where the next allocation began with 4 KiB gaps
    int[] next = new int[64];
    next[0] = 7;
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(GATHER)) {
      KernelException e =
          assertThrows(
              KernelException.class,
              () -> m.launch("k", Launch.grid1d(1, 1), new int[64], next, 1088));
      String msg = e.getMessage();
      assertTrue(msg.contains("PTX line 13 (ld.global.u32)"), msg);
      assertTrue(
          msg.contains(
              "out of bounds of argument int[] (256 bytes at 0x100000000000, byte offset 4352)"),
          msg);
      assertTrue(msg.contains("4-byte access at global address 0x100000001100"), msg);
      assertTrue(msg.contains("thread (0,0,0) of block (0,0,0)"), msg);
    }
  }

  @Test
  void negativeIndex_namesTheArrayItPrecedes() {
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(GATHER)) {
      int[] out = new int[1];
      try (DeviceArray first = sim.allocate(int.class, 64);
          DeviceArray second = sim.allocate(int.class, 64)) {
        String msg =
            assertThrows(
                    KernelException.class,
                    () -> m.launch("k", Launch.grid1d(1, 1), second, out, -1))
                .getMessage();
        assertTrue(msg.contains("out of bounds of DeviceArray int[64]"), msg);
        assertTrue(msg.contains("byte offset -4)"), msg);
        assertEquals(64, first.length());
      }
    }
  }

  @Test
  void allocate_fourGiBArray_lastElementWrittenAndReadBackWithoutHeapOfThatSize() {
    long last = (1L << 30) - 1;
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(PUT_GET);
        DeviceArray a = sim.allocate(int.class, 1 << 30)) {
      assertEquals(1 << 30, a.length());
      m.launch("put", Launch.grid1d(1, 1), a, last, 42);
      int[] out = {-1};
      m.launch("get", Launch.grid1d(1, 1), a, last, out);
      assertEquals(42, out[0]);
      // memory never written reads as zeros, as allocate promises
      for (long i : new long[] {0, 1L << 29, last - 1}) {
        out[0] = -1;
        m.launch("get", Launch.grid1d(1, 1), a, i, out);
        assertEquals(0, out[0], "a[" + i + "]");
      }
      // one past the end faults
      String msg =
          assertThrows(
                  KernelException.class,
                  () -> m.launch("get", Launch.grid1d(1, 1), a, last + 1, out))
              .getMessage();
      assertTrue(msg.contains("byte offset 4294967296)"), msg);
    }
  }

  @Test
  void pagedArray_copiesInAndOutAndKernelsSeeTheContent() {
    int n = (int) (Region.FLAT_LIMIT / 4) + 12345;
    int[] host = new int[n];
    for (int i = 0; i < n; i += 997) {
      host[i] = i * 31 + 1;
    }
    host[n - 1] = -5;
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(PUT_GET);
        DeviceArray a = sim.allocate(int.class, n)) {
      a.copyFrom(host);
      int[] out = new int[1];
      m.launch("get", Launch.grid1d(1, 1), a, (long) n - 1, out);
      assertEquals(-5, out[0]);
      m.launch("put", Launch.grid1d(1, 1), a, 3L * 997, 9);
      host[3 * 997] = 9;
      int[] back = new int[n];
      a.copyTo(back);
      assertArrayEquals(host, back);
    }
  }

  @Test
  void gaps_atLeastEachNeighboursSizeAndOneMiB() {
    GlobalMemory memory = new GlobalMemory();
    Random random = new Random(19);
    List<Region> regions = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      long size =
          switch (i % 4) {
            case 0 -> random.nextInt(4096);
            case 1 -> random.nextInt(8 << 20);
            case 2 -> (1L << 32) + random.nextInt(1000);
            default -> 0;
          };
      regions.add(memory.allocate(size, "r" + i));
      if (i % 4 == 2) {
        memory.free(regions.get(i)); // stay within the device's capacity
      }
    }
    assertEquals(AddressMap.GLOBAL_BASE, regions.get(0).base());
    for (int i = 1; i < regions.size(); i++) {
      Region a = regions.get(i - 1);
      Region b = regions.get(i);
      long gap = b.base() - (a.base() + a.size());
      assertTrue(gap >= GlobalMemory.MIN_GAP, "gap " + gap + " after " + a.name());
      assertTrue(gap >= a.size() && gap >= b.size(), "gap " + gap + " between " + a.name());
      assertEquals(0, b.base() % 256);
    }
  }

  @Test
  void find_inGapNamesNearestAllocation_farAwayOrFreedNamesNone() {
    GlobalMemory memory = new GlobalMemory();
    Region a = memory.allocate(256, "a");
    Region b = memory.allocate(256, "b");
    assertTrue(memory.find(a.base() + 252, 4) == a);
    assertTrue(
        assertThrows(MemoryFault.class, () -> memory.find(a.base() + 256 * 17, 4))
            .getMessage()
            .startsWith("out of bounds of a (256 bytes at"));
    assertTrue(
        assertThrows(MemoryFault.class, () -> memory.find(b.base() - 8, 4))
            .getMessage()
            .contains("out of bounds of b (256 bytes at 0x" + Long.toHexString(b.base())));
    assertTrue(
        assertThrows(MemoryFault.class, () -> memory.find(b.base() + (64L << 20), 4))
            .getMessage()
            .startsWith("no allocation there"));
    memory.free(a);
    assertTrue(
        assertThrows(MemoryFault.class, () -> memory.find(a.base(), 4))
            .getMessage()
            .startsWith("no allocation there"));
  }

  @Test
  void allocate_beyondTheDevicesMemory_isRefused() {
    GlobalMemory memory = new GlobalMemory();
    Region big = memory.allocate(GlobalMemory.CAPACITY - 100, "big");
    assertThrows(IllegalStateException.class, () -> memory.allocate(101, "one too many"));
    memory.allocate(100, "fits");
    memory.free(big);
    memory.allocate(GlobalMemory.CAPACITY / 2, "after free");
    assertThrows(IllegalArgumentException.class, () -> memory.allocate(-1, "negative"));
  }
}
