package dev.jptx.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import org.junit.jupiter.api.Test;

/**
 * The half-precision instructions in the forms jptx emits for {@code Gpu}'s binary16 and bfloat16
 * methods (bit registers: a scalar in {@code .b16}, a pair in {@code .b32}), each on values whose
 * results follow from the PTX ISA by hand: ties to even, the once-rounded FMA where rounding the
 * product and sum apart would differ, NaN and signed-zero rules of {@code max/min}, {@code .ftz}.
 */
class SimHalfInstructionsTest {
  private static int[] run(String body, int outLength) {
    String ptx =
        """
        .version 7.8
        .target sm_90
        .address_size 64
        .visible .entry k(.param .u64 k_param_0)
        {
          .reg .pred %p<4>;
          .reg .b16 %rs<20>;
          .reg .b32 %r<60>;
          .reg .f32 %f<20>;
          .reg .b64 %rd<4>;
          ld.param.u64 %rd1, [k_param_0];
        """
            + body
            + """
              ret;
            }
            """;
    int[] out = new int[outLength];
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(ptx)) {
      m.launch("k", Launch.grid1d(1, 1), out);
    }
    return out;
  }

  @Test
  void conversions_roundOnceToNearestEvenWithCanonicalNaN() {
    int[] out =
        run(
            """
              mov.b16 %rs1, 0x0001;
              cvt.f32.f16 %f1, %rs1;
              mov.b32 %r1, %f1;
              cvt.rn.f16.f32 %rs2, 0f477FF000;
              cvt.rn.f16.f32 %rs3, 0f33000000;
              cvt.rn.f16.f32 %rs4, 0f33C00000;
              cvt.rn.f16.f32 %rs5, 0f7FC00001;
              cvt.rn.bf16.f32 %rs6, 0f3F808000;
              cvt.rn.bf16.f32 %rs7, 0f3F818000;
              cvt.rn.bf16.f32 %rs8, 0fFFC12345;
              mov.b32 %f2, 0x3F800000;
              cvt.u32.u16 %r2, %rs2;
              cvt.u32.u16 %r3, %rs3;
              cvt.u32.u16 %r4, %rs4;
              cvt.u32.u16 %r5, %rs5;
              cvt.u32.u16 %r6, %rs6;
              cvt.u32.u16 %r7, %rs7;
              cvt.u32.u16 %r8, %rs8;
              mov.b32 %r9, %f2;
              st.global.u32 [%rd1], %r1;
              st.global.u32 [%rd1+4], %r2;
              st.global.u32 [%rd1+8], %r3;
              st.global.u32 [%rd1+12], %r4;
              st.global.u32 [%rd1+16], %r5;
              st.global.u32 [%rd1+20], %r6;
              st.global.u32 [%rd1+24], %r7;
              st.global.u32 [%rd1+28], %r8;
              st.global.u32 [%rd1+32], %r9;
            """,
            9);
    int[] want = {
      0x33800000, // the smallest subnormal, 2^-24, is a normal float
      0x7c00, // 65520 is the midpoint above the largest finite half: to even is infinity
      0x0000, // 2^-25 is half the smallest subnormal: to even is zero
      0x0002, // 3 * 2^-25: to even is 2 * 2^-24
      0x7fff, // NaN: the canonical NaN
      0x3f80, // 1 + 2^-8 is a bfloat16 tie: to even
      0x3f82, // 1 + 3 * 2^-8: up to even
      0x7fff, // NaN: canonical, sign dropped
      0x3f800000 // mov.b32 moves the bits between register classes
    };
    assertArrayEquals(want, out);
  }

  @Test
  void packedArithmetic_roundsEachLaneOnce() {
    int[] out =
        run(
            """
              mov.b32 %r21, 0x40003C00;
              mov.b32 %r22, 0x7BFF1000;
              add.rn.f16x2 %r1, %r21, %r22;
              mov.b32 %r23, 0x3C003C00;
              mov.b32 %r24, 0x00013C00;
              sub.rn.f16x2 %r2, %r23, %r24;
              mov.b32 %r25, 0x3C013C01;
              mov.b32 %r26, 0x3C013800;
              mul.rn.f16x2 %r3, %r25, %r26;
              mov.b32 %r27, 0x42004200;
              mov.b32 %r28, 0x35563556;
              mov.b32 %r29, 0x80010001;
              fma.rn.f16x2 %r4, %r27, %r28, %r29;
              mov.b32 %r30, 0x00010001;
              mov.b32 %r31, 0x80000000;
              add.ftz.f16x2 %r5, %r30, %r31;
              mov.b32 %r32, 0x00013C00;
              mov.b32 %r33, 0x3C003C00;
              mov.b32 %r34, 0x00000000;
              fma.rn.ftz.f16x2 %r6, %r32, %r33, %r34;
              mov.b32 %r35, 0x40404040;
              mov.b32 %r36, 0x42D642D6;
              mov.b32 %r37, 0x80010001;
              fma.rn.bf16x2 %r7, %r35, %r36, %r37;
              st.global.u32 [%rd1], %r1;
              st.global.u32 [%rd1+4], %r2;
              st.global.u32 [%rd1+8], %r3;
              st.global.u32 [%rd1+12], %r4;
              st.global.u32 [%rd1+16], %r5;
              st.global.u32 [%rd1+20], %r6;
              st.global.u32 [%rd1+24], %r7;
            """,
            7);
    int[] want = {
      // lane 0: 1 + 2^-11 ties to 1; lane 1: 2 + 65504 = 65506 rounds to 65504
      0x7bff_3c00,
      // lane 0: 1 - 1 = +0; lane 1: 1 - 2^-24 rounds to 1
      0x3c00_0000,
      // lane 0: (1 + 2^-10) / 2 is exact; lane 1: (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20 rounds down
      0x3c02_3801,
      // 3 * (683 * 2^-11) = 1 + 2^-11, a tie: + 2^-24 goes up (lane 0), - 2^-24 down (lane 1)
      0x3c00_3c01,
      // .ftz: the subnormal operands count as zero (the zero's sign follows the rounding rules)
      0x0000_0000,
      // .ftz: 1 * 1 + 0 = 1 (lane 0); the subnormal operand is flushed, giving +0 (lane 1)
      0x0000_3c00,
      // bf16: 3 * 107 = 321, a tie between 320 and 322: the tiny addend decides
      0x43a0_43a1
    };
    assertArrayEquals(want, out);
  }

  @Test
  void packedMaxMin_followHmax2() {
    int[] out =
        run(
            """
              mov.b32 %r38, 0x80007E01;
              mov.b32 %r39, 0x00003C00;
              max.f16x2 %r1, %r38, %r39;
              mov.b32 %r40, 0x80007E01;
              mov.b32 %r41, 0x00003C00;
              min.f16x2 %r2, %r40, %r41;
              mov.b32 %r42, 0x7C017E00;
              mov.b32 %r43, 0xFE00FFFF;
              max.f16x2 %r3, %r42, %r43;
              mov.b32 %r44, 0xFC003C00;
              mov.b32 %r45, 0x7C00BC00;
              min.f16x2 %r4, %r44, %r45;
              st.global.u32 [%rd1], %r1;
              st.global.u32 [%rd1+4], %r2;
              st.global.u32 [%rd1+8], %r3;
              st.global.u32 [%rd1+12], %r4;
            """,
            4);
    int[] want = {
      // lane 0: NaN gives the other operand; lane 1: +0 > -0
      0x0000_3c00,
      0x8000_3c00,
      // two NaNs give the canonical NaN, whatever their payloads
      0x7fff_7fff,
      // -inf is below everything; -1 < 1
      0xfc00_bc00
    };
    assertArrayEquals(want, out);
  }
}
