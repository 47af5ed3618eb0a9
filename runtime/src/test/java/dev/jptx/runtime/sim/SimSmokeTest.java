package dev.jptx.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.PtxModule;
import org.junit.jupiter.api.Test;

class SimSmokeTest {
  private static final String SAXPY =
      """
      .version 7.8
      .target sm_90
      .address_size 64
      .visible .entry saxpy(
        .param .u32 saxpy_param_0,
        .param .f32 saxpy_param_1,
        .param .u64 saxpy_param_2,
        .param .u64 saxpy_param_3
      )
      {
        .reg .pred %p<2>;
        .reg .f32 %f<6>;
        .reg .b32 %r<6>;
        .reg .b64 %rd<8>;
        ld.param.u32 %r2, [saxpy_param_0];
        ld.param.f32 %f1, [saxpy_param_1];
        ld.param.u64 %rd1, [saxpy_param_2];
        ld.param.u64 %rd2, [saxpy_param_3];
        mov.u32 %r3, %ctaid.x;
        mov.u32 %r4, %ntid.x;
        mov.u32 %r5, %tid.x;
        mad.lo.s32 %r1, %r3, %r4, %r5;
        setp.ge.s32 %p1, %r1, %r2;
        @%p1 bra $L__BB0_2;
        cvta.to.global.u64 %rd3, %rd2;
        cvta.to.global.u64 %rd4, %rd1;
        mul.wide.s32 %rd5, %r1, 4;
        add.s64 %rd6, %rd4, %rd5;
        ld.global.nc.f32 %f2, [%rd6];
        mul.rn.f32 %f3, %f2, %f1;
        add.s64 %rd7, %rd3, %rd5;
        ld.global.f32 %f4, [%rd7];
        add.rn.f32 %f5, %f3, %f4;
        st.global.f32 [%rd7], %f5;
      $L__BB0_2:
        ret;
      }
      """;

  @Test
  void saxpy_rawPtx() {
    int n = 1000;
    float[] x = new float[n];
    float[] y = new float[n];
    float[] want = new float[n];
    for (int i = 0; i < n; i++) {
      x[i] = i * 0.5f;
      y[i] = 1000 - i;
      want[i] = 2.0f * x[i] + y[i];
    }
    try (Device sim = Device.simulator();
        PtxModule m = sim.loadPtx(SAXPY)) {
      m.launch("saxpy", Launch.grid1d(n, 128), n, 2.0f, x, y);
      assertArrayEquals(want, y);
      System.out.println(sim.lastLaunchStats());
    }
  }
}
