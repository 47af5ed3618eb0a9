package dev.jptx.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import org.junit.jupiter.api.Test;

/**
 * Instructions the nvcc bench kernels do not use, each checked against what the PTX ISA says,
 * computed independently in Java: carries, high multiplies, bit fields, permutes, collectives,
 * atomics and vector memory accesses.
 */
class SimInstructionsTest {
  private static final String HEADER =
      """
      .version 7.8
      .target sm_90
      .address_size 64
      """;

  private static int[] runInts(String body, int threads, int outLength) {
    String ptx =
        HEADER
            + """
            .visible .entry k(.param .u64 k_param_0)
            {
              .reg .pred %p<8>;
              .reg .b32 %r<40>;
              .reg .b64 %rd<20>;
              .shared .align 16 .b32 sm[64];
              ld.param.u64 %rd1, [k_param_0];
              mov.u32 %r1, %tid.x;
            """
            + body
            + """
              ret;
            }
            """;
    int[] out = new int[outLength];
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx)) {
      m.launch("k", Launch.grid1d(threads, threads), out);
    }
    return out;
  }

  /**
   * Lanes that exit are left out of {@code activemask} once a barrier of all threads has passed,
   * not before: until then the simulator's thread order would decide (the jvm device agrees).
   */
  @Test
  void activemask_seesExitsAtBarriers() {
    int[] out =
        runInts(
            """
              and.b32 %r2, %r1, 31;
              setp.lt.u32 %p1, %r2, 4;
              @%p1 ret;
              activemask.b32 %r3;
              bar.sync 0;
              activemask.b32 %r4;
              mul.wide.u32 %rd2, %r1, 8;
              add.s64 %rd3, %rd1, %rd2;
              st.global.v2.u32 [%rd3], {%r3, %r4};
            """,
            64, 128);
    for (int t = 0; t < 64; t++) {
      if (t % 32 >= 4) {
        assertEquals(-1, out[2 * t], "before the barrier, thread " + t);
        assertEquals(0xfffffff0, out[2 * t + 1], "after the barrier, thread " + t);
      }
    }
  }

  @Test
  void integerArithmetic_carriesHighMultipliesAndBitFields() {
    int[] out =
        runInts(
            """
              mov.u32 %r2, -1;
              add.cc.u32 %r3, %r2, 2;
              addc.u32 %r4, 0, 0;
              mul.hi.u32 %r5, %r2, %r2;
              mul.hi.s32 %r6, %r2, %r2;
              bfe.u32 %r7, 0x12345678, 8, 12;
              bfe.s32 %r8, 0x00F00000, 20, 4;
              bfi.b32 %r9, 0xAB, 0x11111111, 4, 8;
              prmt.b32 %r10, 0x33221100, 0x77665544, 0x4051;
              lop3.b32 %r11, 0xF0F0F0F0, 0xCCCCCCCC, 0xAAAAAAAA, 0x96;
              popc.b32 %r12, 0xF00F;
              clz.b32 %r13, 0x0000FFFF;
              brev.b32 %r14, 1;
              shf.l.wrap.b32 %r15, 0x80000000, 0x00000001, 4;
              min.u32 %r16, %r2, 5;
              min.s32 %r17, %r2, 5;
              div.s32 %r18, -7, 2;
              rem.s32 %r19, -7, 2;
              sad.u32 %r20, 3, 10, 100;
              st.global.u32 [%rd1], %r3;
              st.global.u32 [%rd1+4], %r4;
              st.global.u32 [%rd1+8], %r5;
              st.global.u32 [%rd1+12], %r6;
              st.global.u32 [%rd1+16], %r7;
              st.global.u32 [%rd1+20], %r8;
              st.global.u32 [%rd1+24], %r9;
              st.global.u32 [%rd1+28], %r10;
              st.global.u32 [%rd1+32], %r11;
              st.global.u32 [%rd1+36], %r12;
              st.global.u32 [%rd1+40], %r13;
              st.global.u32 [%rd1+44], %r14;
              st.global.u32 [%rd1+48], %r15;
              st.global.u32 [%rd1+52], %r16;
              st.global.u32 [%rd1+56], %r17;
              st.global.u32 [%rd1+60], %r18;
              st.global.u32 [%rd1+64], %r19;
              st.global.u32 [%rd1+68], %r20;
            """,
            1, 18);
    int[] want = {
      1, // 0xFFFFFFFF + 2 wraps to 1
      1, // with a carry out
      (int) ((0xFFFF_FFFFL * 0xFFFF_FFFFL) >>> 32),
      0, // -1 * -1 = 1: high word 0
      0x456, // bits 8..19 of 0x12345678
      -1, // the nibble 0xF at bit 20, sign-extended
      0x11111AB1, // 0xAB into bits 4..11
      0x44_00_55_11, // selectors 1, 5, 0, 4 (low to high): bytes 0x11, 0x55, 0x00, 0x44
      0xF0F0F0F0 ^ 0xCCCCCCCC ^ 0xAAAAAAAA, // 0x96 is the three-input xor
      8,
      16,
      0x80000000,
      0x00000018, // (b:a) = (1:0x80000000) << 4, high word
      5, // unsigned: 0xFFFFFFFF > 5
      -1, // signed: -1 < 5
      -3, // truncated division
      -1,
      107 // |3 - 10| + 100
    };
    assertArrayEquals(want, out);
  }

  @Test
  void warpCollectives_followTheIsa() {
    int[] out =
        runInts(
            """
              shfl.sync.idx.b32 %r2, %r1, 3, 31, -1;
              shfl.sync.bfly.b32 %r3, %r1, 1, 31, -1;
              shfl.sync.up.b32 %r4|%p1, %r1, 2, 0, -1;
              setp.lt.u32 %p2, %r1, 10;
              vote.sync.ballot.b32 %r5, %p2, -1;
              setp.eq.u32 %p3, 1, 0;
              @%p2 vote.sync.all.pred %p3, %p2, 0x3FF;
              selp.u32 %r6, 1, 0, %p3;
              selp.u32 %r7, 1, 0, %p1;
              mul.wide.u32 %rd2, %r1, 32;
              add.s64 %rd3, %rd1, %rd2;
              st.global.v2.u32 [%rd3], {%r2, %r3};
              st.global.v4.u32 [%rd3+16], {%r4, %r5, %r6, %r7};
            """,
            32, 32 * 8);
    for (int lane = 0; lane < 32; lane++) {
      int[] got = new int[6];
      System.arraycopy(out, lane * 8, got, 0, 2);
      System.arraycopy(out, lane * 8 + 4, got, 2, 4);
      int[] want = {
        3, lane ^ 1, lane >= 2 ? lane - 2 : lane, 0x3FF, lane < 10 ? 1 : 0, lane >= 2 ? 1 : 0
      };
      assertArrayEquals(want, got, "lane " + lane);
    }
  }

  @Test
  void barrierReductionAndSharedAtomics_countEveryThread() {
    int[] out =
        runInts(
            """
              setp.eq.u32 %p1, %r1, 0;
              @%p1 st.shared.u32 [sm], 0;
              bar.sync 0;
              and.b32 %r2, %r1, 1;
              setp.eq.u32 %p2, %r2, 1;
              bar.red.popc.u32 %r3, 0, %p2;
              atom.shared.add.u32 %r4, [sm], 1;
              atom.shared.inc.u32 %r5, [sm+4], 3;
              atom.shared.cas.b32 %r6, [sm+8], 0, 7;
              bar.sync 0;
              @!%p1 bra DONE;
              ld.shared.u32 %r7, [sm];
              ld.shared.u32 %r8, [sm+4];
              ld.shared.u32 %r9, [sm+8];
              st.global.u32 [%rd1], %r3;
              st.global.u32 [%rd1+4], %r7;
              st.global.u32 [%rd1+8], %r8;
              st.global.u32 [%rd1+12], %r9;
            DONE:
            """,
            100, 4);
    // 50 odd threads; 100 increments; inc wraps at 3: 100 increments of 0,1,2,3,0,... end at 0
    assertArrayEquals(new int[] {50, 100, 100 % 4, 7}, out);
  }

  /**
   * A predicate immediate is one bit: -1 moved into a predicate is true, and its negation false.
   */
  @Test
  void predicateImmediates_areOneBit() {
    int[] out =
        runInts(
            """
              mov.pred %p1, -1;
              not.pred %p2, %p1;
              mov.pred %p3, 0;
              or.pred %p4, %p3, %p1;
              selp.u32 %r2, 1, 0, %p1;
              selp.u32 %r3, 1, 0, %p2;
              selp.u32 %r4, 1, 0, %p4;
              st.global.v2.u32 [%rd1], {%r2, %r3};
              st.global.u32 [%rd1+8], %r4;
            """,
            1, 3);
    assertArrayEquals(new int[] {1, 0, 1}, out);
  }

  @Test
  void barrierReductionsWarpSyncAndFences_followTheIsa() {
    int[] out =
        runInts(
            """
              setp.lt.u32 %p1, %r1, 40;
              bar.red.and.pred %p2, 0, %p1;
              bar.red.or.pred %p3, 0, %p1;
              setp.lt.u32 %p4, %r1, 1000;
              bar.red.and.pred %p5, 0, %p4;
              membar.cta;
              membar.gl;
              membar.sys;
              fence.sc.gpu;
              bar.warp.sync -1;
              activemask.b32 %r2;
              shfl.sync.down.b32 %r3, %r1, 5, 31, -1;
              shfl.sync.up.b32 %r4, %r1, 33, 0, -1;
              shfl.sync.idx.b32 %r5, %r1, 37, 31, -1;
              setp.eq.u32 %p6, %r1, 7;
              vote.sync.any.pred %p7, %p6, -1;
              selp.u32 %r6, 1, 0, %p2;
              selp.u32 %r7, 1, 0, %p3;
              selp.u32 %r8, 1, 0, %p5;
              selp.u32 %r9, 1, 0, %p7;
              mul.wide.u32 %rd2, %r1, 32;
              add.s64 %rd3, %rd1, %rd2;
              st.global.v4.u32 [%rd3], {%r2, %r3, %r4, %r5};
              st.global.v4.u32 [%rd3+16], {%r6, %r7, %r8, %r9};
            """,
            64, 64 * 8);
    for (int t = 0; t < 64; t++) {
      int lane = t & 31;
      int[] got = new int[8];
      System.arraycopy(out, t * 8, got, 0, 8);
      int[] want = {
        -1, // every lane of a full warp is active
        (lane + 5 <= 31 ? t + 5 : t), // down: a source above lane 31 gives the own value
        (lane >= 1 ? t - 1 : t), // up by 33: the ISA reads the low 5 bits, 1
        (t & ~31) + 5, // idx 37: lane 5
        0, // not every thread is below 40
        1,
        1,
        t < 32 ? 1 : 0 // lane 7 of the first warp only
      };
      assertArrayEquals(want, got, "thread " + t);
    }
  }

  @Test
  void atomics64AndGeneric_followTheIsa() {
    long[] out = new long[16];
    String ptx =
        HEADER
            + """
            .visible .entry k(.param .u64 k_param_0)
            {
              .reg .pred %p<4>;
              .reg .b32 %r<10>;
              .reg .b64 %rd<30>;
              .shared .align 8 .b64 sm[4];
              ld.param.u64 %rd1, [k_param_0];
              mov.u32 %r1, %tid.x;
              setp.eq.u32 %p1, %r1, 0;
              @!%p1 bra WAIT;
              st.shared.u64 [sm], 0;
              st.shared.u64 [sm+8], -1;
              st.shared.u32 [sm+16], 0;
            WAIT:
              bar.sync 0;
              cvt.u64.u32 %rd2, %r1;
              add.s64 %rd3, %rd2, 1;
              mov.u64 %rd4, sm;
              cvta.shared.u64 %rd5, %rd4;
              atom.add.u64 %rd6, [%rd5], %rd3;
              atom.shared.min.s64 %rd7, [sm+8], %rd3;
              atom.shared.dec.u32 %r2, [sm+16], 4;
              atom.global.max.u64 %rd8, [%rd1], %rd3;
              atom.global.max.s64 %rd9, [%rd1+8], %rd3;
              atom.global.or.b64 %rd10, [%rd1+16], %rd3;
              atom.global.xor.b64 %rd11, [%rd1+24], %rd3;
              atom.global.and.b64 %rd12, [%rd1+32], %rd3;
              @!%p1 bra DONE;
              atom.global.exch.b64 %rd13, [%rd1+40], 0x123456789;
              atom.global.cas.b64 %rd14, [%rd1+48], 5, 77;
              atom.global.cas.b64 %rd15, [%rd1+56], 6, 77;
              atom.global.min.u64 %rd16, [%rd1+64], 3;
              st.global.u64 [%rd1+72], %rd13;
              st.global.u64 [%rd1+80], %rd14;
              st.global.u64 [%rd1+88], %rd15;
            DONE:
              bar.sync 0;
              @!%p1 bra END;
              ld.shared.u64 %rd17, [sm];
              ld.shared.u64 %rd18, [sm+8];
              ld.shared.u32 %r3, [sm+16];
              cvt.u64.u32 %rd19, %r3;
              st.global.u64 [%rd1+96], %rd17;
              st.global.u64 [%rd1+104], %rd18;
              st.global.u64 [%rd1+112], %rd19;
            END:
              ret;
            }
            """;
    out[0] = -5; // unsigned: the largest
    out[1] = -5;
    out[3] = 1L << 40;
    out[4] = -1;
    out[5] = 42;
    out[6] = 5;
    out[7] = 5;
    out[8] = -2;
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx)) {
      m.launch("k", Launch.grid1d(10, 10), out);
    }
    long xor = 1L << 40;
    long or = 0;
    for (long v = 1; v <= 10; v++) {
      xor ^= v;
      or |= v;
    }
    // dec from 0 with limit 4, ten times: 0 -> 4 -> 3 -> 2 -> 1 -> 0 -> 4 -> 3 -> 2 -> 1 -> 0
    // words 0..8: the global results; 9..11: the old values thread 0 saw; 12..14: shared memory
    // (the sum 1..10 through a generic address, the signed minimum of -1 and 1..10, the decrement)
    long[] want = {-5, 10, or, xor, 0, 0x123456789L, 77, 5, 3, 42, 5, 5, 55, -1, 0, 0};
    assertArrayEquals(want, out);
  }

  @Test
  void dynamicSharedMemory_isSizedByTheLaunch() {
    String ptx =
        HEADER
            + """
            .extern .shared .align 16 .b8 dyn[];
            .shared .align 4 .b32 fixed[3];
            .visible .entry k(.param .u64 k_param_0)
            {
              .reg .b32 %r<10>;
              .reg .b64 %rd<10>;
              ld.param.u64 %rd1, [k_param_0];
              mov.u32 %r1, %tid.x;
              mov.u32 %r2, %dynamic_smem_size;
              mov.u32 %r3, %total_smem_size;
              mul.wide.u32 %rd2, %r1, 4;
              mov.u64 %rd3, dyn;
              add.s64 %rd4, %rd3, %rd2;
              st.shared.u32 [%rd4], %r1;
              bar.sync 0;
              xor.b32 %r4, %r1, 1;
              mul.wide.u32 %rd5, %r4, 4;
              add.s64 %rd6, %rd3, %rd5;
              ld.shared.u32 %r5, [%rd6];
              mul.wide.u32 %rd7, %r1, 12;
              add.s64 %rd8, %rd1, %rd7;
              st.global.u32 [%rd8], %r2;
              st.global.u32 [%rd8+4], %r3;
              st.global.u32 [%rd8+8], %r5;
              ret;
            }
            """;
    int[] out = new int[8 * 3];
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx)) {
      m.launch("k", Launch.grid1d(8, 8).sharedMemoryBytes(40), out);
    }
    for (int t = 0; t < 8; t++) {
      // the static 12 bytes are rounded to 16 before the dynamic ones
      assertArrayEquals(
          new int[] {40, 56, t ^ 1}, java.util.Arrays.copyOfRange(out, 3 * t, 3 * t + 3));
    }
  }

  @Test
  void statistics_countEveryIssuedInstruction() {
    try (Device sim = Device.simulator();
        PtxModule m =
            sim.loadPtx(
                HEADER
                    + """
                    .visible .entry k()
                    {
                      .reg .b32 %r<3>;
                      mov.u32 %r1, %tid.x;
                      add.s32 %r2, %r1, 1;
                      ret;
                    }
                    """)) {
      m.launch("k", Launch.grid1d(100, 50));
      assertEquals(300, sim.lastLaunchStats().instructions());
      assertEquals(100L, sim.lastLaunchStats().instructionsByOpcode().get("add.s32"));
    }
  }
}
