package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.driver.Stage;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.IrParser;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testkernels.Unrolled;
import dev.jptx.runtime.Launch;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Loops the {@code unroll} pass unrolls give the JVM's results on the simulator, unrolled (-O3) and
 * not (-O0, and -O3 with {@code disable-unroll}).
 */
class UnrolledLoopsOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90 maxreg=24",
        "-O3 sm_90",
        "-O2 sm_52",
        "-O3 sm_75 disable-unroll",
        "-O0 sm_75",
        "-O3 sm_80 checks");
  }

  private static final RandomArrays RANDOM = new RandomArrays(7);

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void unrolledKernels(String name, CompilerOptions o) {
    int n = 300;
    Launch l = Launch.grid1d(n + 21, 64);
    float[] in = RANDOM.floats(n + 8, -10, 10);
    in[5] = Float.NaN;
    in[17] = -0.0f;
    Differential.check(
        o,
        new Differential.Case(
            Unrolled.class, "conv9", l, 0, n, in, RANDOM.floats(9, -2, 2), new float[n]));
    Differential.check(
        o,
        new Differential.Case(
            Unrolled.class, "localSum8", l, 0, n, RANDOM.ints(n * 8), new int[n]));
    int[] xs = RANDOM.ints(n);
    xs[0] = Integer.MIN_VALUE;
    xs[1] = Integer.MAX_VALUE;
    xs[2] = 0;
    xs[3] = -1;
    Differential.check(
        o, new Differential.Case(Unrolled.class, "shapes", l, 0, n, xs, new long[n]));
    int w = 17;
    int h = 13;
    Differential.check(
        o,
        new Differential.Case(
            Unrolled.class,
            "stencil3x3",
            Launch.grid1d(w * h + 5, 32),
            0,
            w,
            h,
            RANDOM.floats(w * h, -5, 5),
            new float[w * h]));
  }

  /**
   * The loops above are what the pass unrolls: at -O3 only the 3x3 stencil's outer loop is left.
   */
  @Test
  void atO3_theConstantLoopsAreGone() {
    CompilerOptions o = Configurations.options("-O3 sm_90").withPrintAfter(EnumSet.of(Stage.OPT));
    List<String> out = new ArrayList<>();
    new Pipeline(o, (s, u, t) -> out.add(t))
        .compile(
            TestClasses.node(Unrolled.class.getName()), TestClasses.classPath(), new Diagnostics());
    Module m = IrParser.parseModule("t", String.join("\n", out));
    assertEquals(4, m.functions().size(), String.join("", out));
    for (Function f : m.functions()) {
      int loops = LoopInfo.of(f).loops().size();
      int expected = f.name().contains("stencil3x3") ? 1 : 0;
      assertTrue(
          loops == expected, f.name() + " has " + loops + " loops:\n" + String.join("", out));
    }
  }
}
