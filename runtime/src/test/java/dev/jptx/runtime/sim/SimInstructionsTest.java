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
