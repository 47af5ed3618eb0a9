package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jptx.compiler.build.ModuleLayout;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.target.SmTargets;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testkernels.FastMathKernels;
import dev.jptx.compiler.testkernels.MathKernels;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.sim.SimDevice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The device math library compiled into kernels gives, on the simulator, the JVM's results within
 * the error bounds: each side is within its bound of the true value (our library's accuracy tests
 * in {@code dev.jptx.compiler.libdevice} measure ours; the JDK documents {@code StrictMath}'s), so
 * the two differ by at most the sum. Under {@code fastMath} the hardware approximations are used
 * and checked against their documented accuracy instead.
 */
class MathLibraryOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90 maxreg=24",
        "-O0 sm_75",
        "-O3 sm_90",
        "-O3 sm_52",
        Configurations.OUTLINED_EVERYWHERE);
  }

  /** Special values, then values spread over many binades, both signs. */
  private static double[] doubles(int n, long seed) {
    double[] special = {
      0.0,
      -0.0,
      1.0,
      -1.0,
      0.5,
      -0.5,
      2.0,
      10.0,
      1e-310,
      -1e-310,
      Double.MIN_VALUE,
      1e300,
      -1e300,
      Double.MAX_VALUE,
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY,
      Double.NaN,
      Math.PI,
      Math.PI / 2,
      709.5,
      -745.0,
      1e22,
      0.9999999999,
      1.0000000001,
      3.0,
      -3.0,
      1e-8,
      100.0
    };
    SplittableRandom r = new SplittableRandom(seed);
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      if (i < special.length) {
        a[i] = special[i];
      } else if (i % 3 == 0) {
        a[i] = r.nextDouble(-4, 4);
      } else {
        a[i] = (r.nextBoolean() ? 1 : -1) * Math.scalb(r.nextDouble(1, 2), r.nextInt(-60, 60));
      }
    }
    return a;
  }

  private static float[] floats(int n, long seed) {
    double[] d = doubles(n, seed);
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = (float) d[i];
    }
    return a;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void doubleFunctions_withinTheirBoundsOfTheJvm(String name, CompilerOptions o) {
    int n = 256;
    Differential.check(
        o,
        new Differential.Case(
            MathKernels.class,
            "doubles",
            Launch.grid1d(n, 128),
            // 1 ulp each for most, StrictMath's 2.5 for sinh cosh tanh: 3 covers both sides
            3,
            doubles(n, 1),
            doubles(n, 2),
            new double[n * MathKernels.DOUBLE_RESULTS]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void gpuMathFunctions_agreeWithTheJvm(String name, CompilerOptions o) {
    int n = 256;
    Differential.check(
        o,
        new Differential.Case(
            MathKernels.class,
            "floats",
            Launch.grid1d(n, 128),
            // the functions computed in float (exp log sin cos tan tanh) are within CUDA's bounds
            // of the exact value (tanf's 4 the largest) and the JVM's within 0.5, so at most 4 ulp
            // apart; the others round a double result on both sides: at most 1 ulp apart
            4,
            floats(n, 3),
            floats(n, 4),
            new float[n * MathKernels.FLOAT_RESULTS]));
  }

  /**
   * Fast math: on arguments inside the approximations' documented ranges, each result is within the
   * PTX ISA's accuracy of the JVM's (relative 2^-18 for {@code ex2}, {@code lg2} and {@code rsqrt}
   * combined with the scaling, absolute 2^-19 for {@code sin}/{@code cos}); {@code asin}, which has
   * no approximation, keeps its accurate code: within its 2 ulp of the exact value, as without fast
   * math.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"sm_90", "sm_70"})
  void fastMath_usesTheApproximationsWithinTheirAccuracy(String target) throws IOException {
    int n = 256;
    SplittableRandom r = new SplittableRandom(5);
    float[] xs = new float[n];
    float[] ys = new float[n];
    for (int i = 0; i < n; i++) {
      xs[i] = (float) r.nextDouble(0.05, 1.5);
      ys[i] = (float) r.nextDouble(-3, 3);
    }
    // tanh's small arguments, where the expansion below sm_75 returns x
    for (int i = 0; i < n; i += 8) {
      xs[i] = (float) (i % 16 == 0 ? 1 : -1) * (float) Math.pow(2, r.nextDouble(-12, -5));
    }
    float[] jvm = new float[n * FastMathKernels.FAST_RESULTS];
    float[] sim = new float[n * FastMathKernels.FAST_RESULTS];
    CompilerOptions o = CompilerOptions.defaults().withTargets(List.of(SmTargets.get(target)));
    String kernel = entry(ptx(FastMathKernels.class, o), "fastFloats");
    // tanh.approx.f32 from sm_75 on, ex2 and rcp below
    assertEquals(target.equals("sm_90"), kernel.contains("tanh.approx.f32"), kernel);
    Path root = Differential.modules(FastMathKernels.class, o);
    try (Device d = Device.jvm()) {
      d.launch(Launch.grid1d(n, 128), FastMathKernels.class, "fastFloats", xs, ys, jvm);
    }
    try (Device d = SimDevice.withModuleRoots(List.of(root))) {
      d.launch(Launch.grid1d(n, 128), FastMathKernels.class, "fastFloats", xs, ys, sim);
    }
    for (int i = 0; i < jvm.length; i++) {
      int fn = i % FastMathKernels.FAST_RESULTS;
      double want = jvm[i];
      double got = sim[i];
      double err = Math.abs(got - want);
      boolean ok =
          Double.isNaN(want)
              ? Double.compare(got, want) == 0
              : fn == 12
                  ? err <= 2 * Math.ulp((float) want)
                  : fn == 13
                      ? err
                          <= Math.scalb(
                              Math.abs(Math.tanh(xs[i / FastMathKernels.FAST_RESULTS])), -11)
                      : err
                          <= Math.scalb(Math.abs(want), -16) + (fn < 3 ? Math.scalb(1.0, -19) : 0);
      if (!ok) {
        fail(
            "fast-math function "
                + fn
                + " at x="
                + xs[i / FastMathKernels.FAST_RESULTS]
                + ": jvm "
                + want
                + ", sim "
                + got);
      }
    }
  }

  /**
   * The functions without a hardware approximation keep CUDA's bounds under a kernel's fast math,
   * where the library is inlined and contracted (the simulator runs jptx's own {@code fma}s): each
   * result against the correctly rounded double value, on arguments from every range their
   * reductions split. {@code y} is in [-1, 1] for {@code asin} and {@code acos}.
   */
  @Test
  void fastMath_inlinesTheLibraryWithinItsBounds() throws IOException {
    int n = 2048;
    SplittableRandom r = new SplittableRandom(11);
    float[] xs = new float[n];
    float[] ys = new float[n];
    for (int i = 0; i < n; i++) {
      double magnitude = Math.pow(2, r.nextDouble(-30, 6.4));
      xs[i] = (float) (r.nextBoolean() ? magnitude : -magnitude);
      ys[i] = (float) r.nextDouble(-1, 1);
    }
    CompilerOptions o = CompilerOptions.defaults().withTargets(List.of(SmTargets.get("sm_90")));
    String kernel = entry(ptx(FastMathKernels.class, o), "fastLibrary");
    assertFalse(kernel.contains("call"), "the library is inlined into the fast-math kernel");
    float[] sim = new float[n * FastMathKernels.LIBRARY_RESULTS];
    Path root = Differential.modules(FastMathKernels.class, o);
    try (Device d = SimDevice.withModuleRoots(List.of(root))) {
      d.launch(Launch.grid1d(n, 128), FastMathKernels.class, "fastLibrary", xs, ys, sim);
    }
    String[] names = {
      "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "expm1", "log1p", "cbrt", "hypot"
    };
    double[] bounds = {2, 2, 2, 3, 3, 2, 2, 1, 1, 1, 3};
    for (int i = 0; i < sim.length; i++) {
      int fn = i % FastMathKernels.LIBRARY_RESULTS;
      double x = xs[i / FastMathKernels.LIBRARY_RESULTS];
      double y = ys[i / FastMathKernels.LIBRARY_RESULTS];
      double exact =
          switch (fn) {
            case 0 -> Math.asin(y);
            case 1 -> Math.acos(y);
            case 2 -> Math.atan(x);
            case 3 -> Math.atan2(y, x);
            case 4 -> Math.sinh(x);
            case 5 -> Math.cosh(x);
            case 6 -> Math.tanh(x);
            case 7 -> Math.expm1(x);
            case 8 -> Math.log1p(x);
            case 9 -> Math.cbrt(x);
            default -> Math.hypot(x, y);
          };
      float rounded = (float) exact;
      double err =
          Double.isNaN(exact) || Float.isInfinite(rounded)
              ? (Float.floatToIntBits(sim[i]) == Float.floatToIntBits(rounded) ? 0 : 1e9)
              : Math.abs(sim[i] - exact) / Math.ulp(rounded);
      assertTrue(
          err <= bounds[fn],
          names[fn] + " at x = " + x + ", y = " + y + ": " + sim[i] + ", " + err + " ulp");
    }
  }

  /**
   * The fast-math kernel's PTX has the approximations; the accurate kernel's only its library's.
   */
  @Test
  void fastMath_changesThePtx() throws IOException {
    CompilerOptions o = CompilerOptions.defaults().withTargets(List.of(SmTargets.get("sm_90")));
    String fast = entry(ptx(FastMathKernels.class, o), "fastFloats");
    String accurate = entry(ptx(MathKernels.class, o), "floats");
    for (String op : List.of("sin.approx.f32", "cos.approx.f32", "sqrt.approx.f32")) {
      assertTrue(count(fast, op) > 0, op + " missing from the fast-math kernel");
      assertEquals(0, count(accurate, op), op + " in the accurate kernel");
    }
    // the accurate library uses these too (exp2 and rsqrt are ex2.approx.f32 and rsqrt.approx.f32
    // in both modes, as nvcc's exp2f and rsqrtf; cbrt starts from lg2.approx.f32)
    // pow is __powf: ex2.approx.ftz of y lg2(x), its subnormal powers flushed as nvcc's
    for (String op :
        List.of("ex2.approx.f32", "lg2.approx.f32", "rsqrt.approx.f32", "ex2.approx.ftz.f32")) {
      assertTrue(count(fast, op) > 0, op + " missing from the fast-math kernel");
    }
  }

  /** The instructions {@code op} in {@code ptx} (at a line's start: not the r of rsqrt). */
  private static int count(String ptx, String op) {
    return (int) ptx.lines().filter(l -> l.strip().startsWith(op + " ")).count();
  }

  /**
   * The build's fast math leaves the device library exact: its functions keep their {@code .rn}
   * arithmetic (fast math would let it be contracted, which breaks its double-double steps), are
   * not inlined into the fast-math kernel, and give the same results as without fast math.
   */
  @Test
  void buildFastMath_leavesTheLibraryExact() throws IOException {
    CompilerOptions o =
        CompilerOptions.defaults().withTargets(List.of(SmTargets.get("sm_90"))).withFastMath(true);
    String ptx = ptx(MathKernels.class, o);
    Matcher funcs = Pattern.compile("\\.func (?:\\([^)]*\\) )?(\\w+)\\(").matcher(ptx);
    int library = 0;
    while (funcs.find()) {
      String name = funcs.group(1);
      if (!name.matches("(ExpLog|Hyperbolic|Trig|TrigReduction|InverseTrig|Roots)_\\w+")) {
        continue;
      }
      library++;
      int end = ptx.indexOf("\n}", funcs.end());
      String body = ptx.substring(funcs.end(), end);
      assertFalse(
          Pattern.compile("\\b(add|sub|mul)\\.f64\\b").matcher(body).find(),
          name + " lost its .rn rounding under fast math");
    }
    assertTrue(library >= 10, "library functions called, not inlined: " + library);
    int n = 128;
    Differential.check(
        o,
        new Differential.Case(
            MathKernels.class,
            "doubles",
            Launch.grid1d(n, 128),
            3,
            doubles(n, 6),
            doubles(n, 7),
            new double[n * MathKernels.DOUBLE_RESULTS]));
  }

  private static String ptx(Class<?> c, CompilerOptions o) throws IOException {
    Path root = Differential.modules(c, o);
    return Files.readString(ModuleLayout.module(root, c.getName(), o.targets().get(0)));
  }

  /** The text of one {@code .entry}, up to the next one. */
  private static String entry(String ptx, String name) {
    int start = ptx.indexOf(".entry " + name + "(");
    int end = ptx.indexOf(".entry ", start + 1);
    return ptx.substring(start, end < 0 ? ptx.length() : end);
  }
}
