package dev.jptx.runtime.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.Kernel;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record kernel argument is passed by value, flattened to its components in declaration order
 * (nested records too): the {@code sim} device marshals them into the entry's parameters, and the
 * {@code jvm} device passes the record itself; both give what the kernel's Java says.
 */
class RecordArgumentsTest {
  public record Inner(short s, double d) {}

  public record Outer(byte b, Inner inner, float f) {}

  /** Writes each component, widened to double, to {@code out}. */
  @Kernel
  public static void spill(Outer o, int n, double[] out) {
    out[0] = o.b();
    out[1] = o.inner().s();
    out[2] = o.inner().d();
    out[3] = o.f();
    out[4] = n;
  }

  /** What jptx emits for {@code spill}: the record's components, then {@code n}, then the array. */
  private static final String PTX =
      """
      .version 7.8
      .target sm_90
      .address_size 64
      .visible .entry spill(
        .param .s8 p0,
        .param .s16 p1,
        .param .f64 p2,
        .param .f32 p3,
        .param .s32 p4,
        .param .u64 p5,
        .param .s32 p6
      )
      {
        .reg .b16 %h<3>;
        .reg .b32 %r<3>;
        .reg .f32 %f<2>;
        .reg .f64 %d<6>;
        .reg .b64 %rd<3>;
        ld.param.s8 %h1, [p0];
        ld.param.s16 %h2, [p1];
        ld.param.f64 %d3, [p2];
        ld.param.f32 %f1, [p3];
        ld.param.s32 %r2, [p4];
        ld.param.u64 %rd1, [p5];
        cvta.to.global.u64 %rd2, %rd1;
        cvt.rn.f64.s16 %d1, %h1;
        st.global.f64 [%rd2], %d1;
        cvt.rn.f64.s16 %d2, %h2;
        st.global.f64 [%rd2+8], %d2;
        st.global.f64 [%rd2+16], %d3;
        cvt.f64.f32 %d4, %f1;
        st.global.f64 [%rd2+24], %d4;
        cvt.rn.f64.s32 %d5, %r2;
        st.global.f64 [%rd2+32], %d5;
        ret;
      }
      """;

  @Test
  void recordArgument_flattenedOnSim_passedWholeOnJvm(@TempDir Path root) throws IOException {
    String owner = RecordArgumentsTest.class.getName();
    Path dir = root.resolve("META-INF/jptx/" + owner.replace('.', '/'));
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("sm_90.ptx"), PTX);
    String descriptor = "(L" + Outer.class.getName().replace('.', '/') + ";I[D)V";
    Files.writeString(
        root.resolve("META-INF/jptx/kernels.list"),
        owner + " spill spill " + descriptor + " sm_90\n");
    Outer o = new Outer((byte) -5, new Inner((short) 1234, -2.5e100), 0.375f);
    double[] want = {-5, 1234, -2.5e100, 0.375, 7};
    double[] onSim = new double[5];
    try (Device sim = SimDevice.withModuleRoots(List.of(root))) {
      sim.launch(Launch.grid1d(1, 1), RecordArgumentsTest::spill, o, 7, onSim);
    }
    assertArrayEquals(want, onSim);
    double[] onJvm = new double[5];
    try (Device jvm = Device.jvm()) {
      jvm.launch(Launch.grid1d(1, 1), RecordArgumentsTest::spill, o, 7, onJvm);
    }
    assertArrayEquals(want, onJvm);
    try (Device jvm = Device.jvm()) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  jvm.launch(
                      Launch.grid1d(1, 1), RecordArgumentsTest.class, "spill", "o", 7, onJvm));
      assertTrue(
          e.getMessage()
              .endsWith("expects " + Outer.class.getTypeName() + ", got java.lang.String"),
          e.getMessage());
    }
  }
}
