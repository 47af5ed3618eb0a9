package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testkernels.Outlined;
import dev.jptx.runtime.Launch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The machine outliner gives the JVM's results on the simulator: {@link Outlined}'s kernels with
 * the outliner forced (three reruns), in its guaranteed-beneficial mode, under a register budget,
 * and off. Where it is on, the modules must call outlined functions (so the test runs outlined
 * code), the {@code @NoOutline} kernel must call none, and no outlined function may hold a barrier,
 * a shared or generic atomic, or a shuffle.
 */
class OutlinedOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90 enable-machine-outliner=enable machine-outliner-reruns=3",
        "-O3 sm_75 enable-machine-outliner=guaranteed-beneficial",
        "-O2 sm_80 maxreg=24 enable-machine-outliner=enable outliner-leaf-descendants=false",
        "-O3 sm_90");
  }

  private static final RandomArrays RANDOM = new RandomArrays(2323);

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void outlinedKernels(String name, CompilerOptions o) {
    int n = 70;
    Launch l = Launch.grid1d(n + 2, 32);
    float[] x = RANDOM.floats(n, -3, 3);
    x[3] = Float.NaN;
    x[9] = -0.0f;
    int[] v = RANDOM.ints(n);
    double[] d = RANDOM.doubles(n, -5, 5);
    Differential.check(
        o,
        new Differential.Case(
            Outlined.class, "helpers", l, 0, n, x, v, d, new float[n], new long[n], new double[n]));
    float[] grid = RANDOM.floats(n * 10, -2, 2);
    Differential.check(
        o, new Differential.Case(Outlined.class, "stencil", l, 0, n, grid, new float[n * 10]));
    Differential.check(
        o,
        new Differential.Case(
            Outlined.class, "synchronised", Launch.grid1d(64, 64), 0, 60, v, new int[64]));
    Differential.check(o, new Differential.Case(Outlined.class, "kept", l, 0, n, x, new float[n]));
    Differential.check(o, new Differential.Case(Outlined.class, "chain", l, 0, n, x, new float[n]));
    String ptx = ptx(Differential.modules(Outlined.class, o));
    boolean on = name.contains("enable-machine-outliner");
    assertEquals(on, ptx.contains("call (retval0), OUTLINED_FUNCTION_"), ptx);
    assertFalse(body(ptx, ".visible .entry kept(").contains("call"), ptx);
    Matcher m = Pattern.compile("(?s)\\.func [^;]*?OUTLINED_FUNCTION_\\w+\\(.*?\n}\n").matcher(ptx);
    while (m.find()) {
      String f = m.group();
      assertFalse(f.matches("(?s).*\\b(bar|membar|shfl|vote|activemask)\\b.*"), f);
      assertFalse(f.matches("(?s).*atom\\.(shared\\.)?(add|inc|exch|cas|min|max|and|or|xor).*"), f);
    }
  }

  private static String body(String ptx, String header) {
    int at = ptx.indexOf(header);
    assertTrue(at >= 0, header);
    return ptx.substring(at, ptx.indexOf("\n}\n", at));
  }

  private static String ptx(Path root) {
    try (Stream<Path> files = Files.walk(root)) {
      StringBuilder sb = new StringBuilder();
      for (Path p : files.filter(p -> p.toString().endsWith(".ptx")).sorted().toList()) {
        sb.append(Files.readString(p));
      }
      return sb.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
