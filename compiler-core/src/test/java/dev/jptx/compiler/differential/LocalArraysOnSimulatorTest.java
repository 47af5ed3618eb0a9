package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.target.SmTarget;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.compiler.testing.Tools;
import dev.jptx.compiler.testkernels.LocalArrays;
import dev.jptx.runtime.Launch;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Local arrays give the JVM's results whether {@code promote-local-arrays} puts them in registers,
 * or {@code nvptx-mem2reg} does on machine code (the IR pass switched off), or neither does; and a
 * promoted kernel has no {@code .local} frame left.
 */
class LocalArraysOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90 maxreg=24",
        "-O3 sm_90",
        "-O3 sm_75 disable-promote-local-arrays",
        "-O3 sm_90 maxreg=24 disable-promote-local-arrays",
        "-O3 sm_75 disable-promote-local-arrays nv-disable-mem2reg",
        "-O0 sm_75",
        Configurations.OUTLINED_EVERYWHERE);
  }

  private static final RandomArrays RANDOM = new RandomArrays(7);

  private static int[] ints(int n) {
    int[] a = RANDOM.ints(n);
    for (int k = 0; k < n; k += 5) {
      a[k] = a[k] % 300; // small values too, for the branches on magnitude
    }
    return a;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void localArrays(String name, CompilerOptions o) {
    int n = 200;
    int m = 9;
    Launch l = Launch.grid1d(n + 23, 64);
    float[] a = RANDOM.floats(n * m, -10, 10);
    a[5] = Float.NaN;
    Differential.check(
        o, new Differential.Case(LocalArrays.class, "accumulate4", l, 0, n, m, a, new float[n]));
    Differential.check(o, new Differential.Case(LocalArrays.class, "table8", l, 0, ints(n)));
    Differential.check(
        o, new Differential.Case(LocalArrays.class, "branches", l, 0, ints(n), new long[n]));
    for (int limit : new int[] {0, 1, 10, 1000}) {
      Differential.check(o, new Differential.Case(LocalArrays.class, "loop", l, 0, ints(n), limit));
    }
    Differential.check(o, new Differential.Case(LocalArrays.class, "variableIndex", l, 0, ints(n)));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-O3 sm_90", "-O3 sm_90 disable-promote-local-arrays"})
  void promotedKernels_haveNoLocalFrame(String name) {
    // without the IR pass, the machine pass (nvptx-mem2reg) promotes the same arrays
    CompilerOptions o = Configurations.options(name);
    Map<SmTarget, String> modules =
        new Pipeline(o, DumpSink.NONE)
            .compile(TestClasses.node(LocalArrays.class.getName()), null, new Diagnostics())
            .modules();
    modules.forEach((t, text) -> Tools.assertAssembles(text, t, o.fastMath()));
    String ptx = modules.values().iterator().next();
    for (String k : new String[] {"accumulate4", "table8", "branches", "loop"}) {
      assertFalse(entry(ptx, k).contains(".local"), k + " keeps a local frame:\n" + ptx);
    }
    assertTrue(entry(ptx, "variableIndex").contains(".local"), ptx);
  }

  @Test
  void withoutEitherPass_theArraysStayInLocalMemory() {
    CompilerOptions o =
        Configurations.options("-O3 sm_90 disable-promote-local-arrays nv-disable-mem2reg");
    String ptx =
        new Pipeline(o, DumpSink.NONE)
            .compile(TestClasses.node(LocalArrays.class.getName()), null, new Diagnostics())
            .modules()
            .values()
            .iterator()
            .next();
    for (String k : new String[] {"accumulate4", "table8", "branches", "loop", "variableIndex"}) {
      assertTrue(entry(ptx, k).contains(".local"), k + ":\n" + ptx);
    }
  }

  /** The text of the entry whose name contains {@code name}, up to the next entry. */
  private static String entry(String ptx, String name) {
    int at = ptx.indexOf(".entry");
    while (at >= 0) {
      int next = ptx.indexOf(".entry", at + 1);
      String text = next < 0 ? ptx.substring(at) : ptx.substring(at, next);
      if (text.substring(0, text.indexOf('(')).contains(name)) {
        return text;
      }
      at = next;
    }
    throw new AssertionError("no entry " + name + " in\n" + ptx);
  }
}
