package dev.jptx.gpureport.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class FuzzCaseTest {
  /** {@code out[t] = in[t] * k} for each thread t, with jptx's ABI: an array is address, length. */
  private static final String SCALE =
      String.join(
          "\n",
          ".version 7.8",
          ".target sm_75",
          ".address_size 64",
          "",
          ".visible .entry scale(",
          "  .param .u64 scale_param_0,",
          "  .param .s32 scale_param_1,",
          "  .param .f32 scale_param_2,",
          "  .param .u64 scale_param_3,",
          "  .param .s32 scale_param_4",
          ")",
          "{",
          "  .reg .pred %p<2>;",
          "  .reg .b32 %r<3>;",
          "  .reg .f32 %f<4>;",
          "  .reg .b64 %rd<7>;",
          "  ld.param.u64 %rd1, [scale_param_0];",
          "  cvta.to.global.u64 %rd2, %rd1;",
          "  ld.param.u32 %r1, [scale_param_1];",
          "  ld.param.f32 %f1, [scale_param_2];",
          "  ld.param.u64 %rd3, [scale_param_3];",
          "  cvta.to.global.u64 %rd4, %rd3;",
          "  mov.u32 %r2, %tid.x;",
          "  setp.ge.s32 %p1, %r2, %r1;",
          "  @%p1 bra $L__done;",
          "  mul.wide.s32 %rd5, %r2, 4;",
          "  add.s64 %rd6, %rd2, %rd5;",
          "  ld.global.f32 %f2, [%rd6];",
          "  mul.rn.f32 %f3, %f2, %f1;",
          "  add.s64 %rd6, %rd4, %rd5;",
          "  st.global.f32 [%rd6], %f3;",
          "$L__done:",
          "  ret;",
          "}",
          "");

  private static final String REPRODUCE = "./mvnw reproduce scale";
  private static Device sim;

  @BeforeAll
  static void open() {
    sim = Device.simulator();
  }

  @AfterAll
  static void close() {
    sim.close();
  }

  private static FuzzCase scale(String entry, float[] expectedOut) {
    float[] in = {1.5f, 0.0f, Float.intBitsToFloat(0x7fc00123), -2f};
    float[] out = {9f, 9f, 9f, 9f};
    FuzzCase.ArgumentSet set =
        new FuzzCase.ArgumentSet(
            new Object[] {in, -1.0f, out}, new Object[] {in.clone(), null, expectedOut});
    return new FuzzCase(
        "k0",
        1,
        REPRODUCE,
        entry,
        Map.of("sm_75", SCALE),
        Launch.of(Dim3.of(1), Dim3.of(8)),
        List.of(set, set));
  }

  /** What the JVM computes: a NaN of another payload than the device's still agrees. */
  private static float[] jvmResult() {
    return new float[] {-1.5f, -0.0f, Float.intBitsToFloat(0x7fc00000), 2f};
  }

  @Test
  void run_sameBitsPass() {
    FuzzCase.Result r = scale("scale", jvmResult()).run(sim, "sm_75");
    assertTrue(r.passed(), r.toString());
    assertEquals("sm_75", r.target());
  }

  @Test
  void run_tamperedExpectedValueIsAMismatch() {
    float[] tampered = jvmResult();
    tampered[1] = 0.0f; // the device gives -0.0: one bit apart
    tampered[3] = 3f;
    FuzzCase.Result r = scale("scale", tampered).run(sim, "sm_75");

    assertTrue(r.failures().isEmpty(), r.failures().toString());
    assertEquals(4, r.differingElements()); // two elements, both launches
    FuzzCase.Mismatch m = r.mismatches().get(0);
    assertEquals(0, m.argumentSet());
    assertEquals(2, m.argument());
    assertEquals("float[]", m.type());
    assertEquals(1, m.element());
    assertEquals(0L, m.expectedBits());
    assertEquals(0x80000000L, m.actualBits());
    assertEquals(REPRODUCE, m.reproduce());
    assertTrue(
        m.toString().contains("expected 0x00000000 (0.0), got 0x80000000 (-0.0)"), m.toString());
    assertTrue(m.toString().contains(REPRODUCE), m.toString());
    assertEquals(3, r.mismatches().get(1).element());
    assertEquals(1, r.mismatches().get(2).argumentSet());
  }

  @Test
  void run_launchFailureIsReportedNotThrown() {
    FuzzCase.Result r = scale("noSuchEntry", jvmResult()).run(sim, "sm_75");
    assertEquals(2, r.failures().size(), r.failures().toString());
    assertTrue(r.failures().get(0).contains("noSuchEntry"), r.failures().get(0));
    assertTrue(r.failures().get(0).contains(REPRODUCE), r.failures().get(0));
    assertTrue(r.mismatches().isEmpty());
  }

  @Test
  void run_missingTargetOrBadModuleIsAFailure() {
    FuzzCase c = scale("scale", jvmResult());
    assertTrue(c.run(sim, "sm_90").failures().get(0).contains("no PTX for sm_90"));
    FuzzCase.Result r;
    try (Device jvm = Device.jvm()) {
      r = c.run(jvm, "sm_75");
    }
    assertEquals(1, r.failures().size(), r.toString());
    assertTrue(r.failures().get(0).contains("module failed"), r.failures().get(0));
  }
}
