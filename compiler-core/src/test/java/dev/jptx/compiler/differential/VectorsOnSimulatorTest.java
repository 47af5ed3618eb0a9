package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.Stage;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testkernels.Vectors;
import dev.jptx.runtime.Launch;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@link Vectors} kernels give the JVM's results on the simulator with their accesses merged
 * into PTX vector loads and stores (-O3) and not (-O0, and -O3 with {@code
 * disable-load-store-vectorizer}), on sm_75 and sm_90; and the merged -O3 PTX has the vector
 * accesses where alignment and aliasing allow them, and only there.
 */
class VectorsOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90 maxreg=24",
        "-O0 sm_75",
        "-O0 sm_90",
        "-O3 sm_75",
        "-O3 sm_90",
        "-O3 sm_75 disable-load-store-vectorizer",
        "-O3 sm_90 disable-load-store-vectorizer enable-legalize-types-checking");
  }

  private static final RandomArrays RANDOM = new RandomArrays(11);

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void vectorKernels_matchTheJvm(String name, CompilerOptions o) {
    int n = 200;
    Launch l = Launch.grid1d(n + 13, 64);
    float[] a = RANDOM.floats(4 * n + 4, -10, 10);
    a[6] = Float.NaN;
    a[9] = -0.0f;
    float[] b = RANDOM.floats(4 * n, -10, 10);
    check(o, "float4", l, n, a, b, new float[4 * n]);
    check(o, "double2", l, n, RANDOM.doubles(2 * n, -1e3, 1e3), new double[2 * n]);
    check(o, "shifted", l, n, a, new float[4 * n]);
    check(o, "intsAndLongs", l, n, RANDOM.ints(4 * n), RANDOM.longs(2 * n));
    check(o, "storeBetween", l, n, RANDOM.floats(4 * n, -10, 10));
  }

  private static void check(CompilerOptions o, String kernel, Launch l, Object... args) {
    Differential.check(o, new Differential.Case(Vectors.class, kernel, l, 0, args));
  }

  /** The -O3 PTX of each kernel, by kernel name. */
  private static String ptx(String options, String kernel) {
    CompilerOptions o = Configurations.options(options).withPrintAfter(EnumSet.of(Stage.PTX));
    List<String> out = new ArrayList<>();
    new Pipeline(o, (s, u, t) -> out.add(t))
        .compile(
            TestClasses.node(Vectors.class.getName()), TestClasses.classPath(), new Diagnostics());
    String all = String.join("", out);
    Matcher m =
        Pattern.compile("\\.entry " + kernel + "\\(.*?\\n}\\n", Pattern.DOTALL).matcher(all);
    assertTrue(m.find(), all);
    return m.group();
  }

  private static int count(String text, String what) {
    return text.split(Pattern.quote(what), -1).length - 1;
  }

  @Test
  void atO3_float4IsOneVectorLoadPerArrayAndOneVectorStore() {
    String k = ptx("-O3 sm_75", "float4");
    assertEquals(2, count(k, "ld.global.nc.v4.f32"), k);
    assertEquals(1, count(k, "st.global.v4.f32"), k);
    assertEquals(0, count(k, "ld.global.nc.f32"), k);
    String off = ptx("-O3 sm_75 disable-load-store-vectorizer", "float4");
    assertEquals(0, count(off, ".v4."), off);
    assertEquals(8, count(off, "ld.global.nc.f32"), off);
  }

  @Test
  void atO3_double2AndIntLanesAreVectorAccesses() {
    String d = ptx("-O3 sm_90", "double2");
    assertEquals(1, count(d, "ld.global.nc.v2.f64"), d);
    assertEquals(1, count(d, "st.global.v2.f64"), d);
    String i = ptx("-O3 sm_90", "intsAndLongs");
    assertEquals(1, count(i, "ld.global.v4.u32"), i);
    assertEquals(1, count(i, "st.global.v4.u32"), i);
    assertEquals(1, count(i, "ld.global.v2.u64"), i);
    assertEquals(1, count(i, "st.global.v2.u64"), i);
  }

  /**
   * {@code a[4i+1] .. a[4i+4]}: only the pair at {@code 16i+8} is 8-byte aligned; a store that
   * overlaps a later load keeps the loads in pairs on either side and the stores apart.
   */
  @Test
  void atO3_noVectorAccessWithoutAlignmentOrAcrossAnAliasingStore() {
    String s = ptx("-O3 sm_75", "shifted");
    assertEquals(0, count(s, ".v4."), s);
    assertEquals(1, count(s, "ld.global.nc.v2.f32"), s);
    String b = ptx("-O3 sm_75", "storeBetween");
    assertEquals(0, count(b, ".v4."), b);
    assertEquals(2, count(b, "ld.global.v2.f32"), b);
    assertEquals(2, count(b, "st.global.f32"), b);
  }
}
