package dev.jptx.compiler.pipeliner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testkernels.PipelinedLoops;
import dev.jptx.runtime.Launch;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Loops rewritten by the code generators under schedules of 1 to 5 and more stages give the JVM's
 * results on the simulator, at trip counts 0 to 8, and ptxas accepts every module.
 */
class ModuloScheduleExpanderOnSimulatorTest {
  private static final RandomArrays RANDOM = new RandomArrays(22);

  static Stream<Arguments> schedules() {
    return Stream.of(
        Arguments.of(1, 0, "-O3 sm_90"),
        Arguments.of(1, 1, "-O3 sm_90 maxreg=24"),
        Arguments.of(2, 1, "-O3 sm_90"),
        Arguments.of(2, 2, "-O3 sm_90 maxreg=24"),
        Arguments.of(3, 2, "-O3 sm_75"),
        Arguments.of(4, 3, "-O2 sm_90"),
        Arguments.of(1, 3, "-O3 sm_90"),
        Arguments.of(5, 1, "-O3 sm_90 maxreg=24"));
  }

  @ParameterizedTest(name = "MVE II {0} spread {1} {2}")
  @MethodSource("schedules")
  void mve_matchesTheJvm(int ii, int spread, String config) {
    check(false, ii, spread, config);
  }

  @ParameterizedTest(name = "peeling II {0} spread {1} {2}")
  @MethodSource("schedules")
  void peeling_matchesTheJvm(int ii, int spread, String config) {
    check(true, ii, spread, config);
  }

  private static void check(boolean peeling, int ii, int spread, String config) {
    ExpandingPass pass = new ExpandingPass(peeling, ii, spread);
    CompilerOptions o = Configurations.options(config);
    int n = 200;
    Launch l = Launch.grid1d(n, 64);
    Class<?> c = PipelinedLoops.class;
    Differential.check(
        o,
        new Differential.Case(
            c, "dot", l, 0, n, RANDOM.floats(n + 9, -4, 4), RANDOM.floats(9, -2, 2), new float[n]),
        pass);
    Differential.check(
        o, new Differential.Case(c, "recurrence", l, 0, n, RANDOM.ints(n + 9), new int[n]), pass);
    Differential.check(
        o,
        new Differential.Case(c, "scale", l, 0, n, RANDOM.floats(n + 9, -3, 3), new float[n * 9]),
        pass);
    long[] longs = new long[n + 9];
    for (int k = 0; k < longs.length; k++) {
      longs[k] = RANDOM.ints(1)[0] * 77_777L;
    }
    Differential.check(o, new Differential.Case(c, "longSum", l, 0, n, longs, new long[n]), pass);
    Differential.check(
        o,
        new Differential.Case(
            c, "positives", l, 0, n, RANDOM.floats(n + 9, -3, 3), new float[n * 9]),
        pass);
    assertTrue(pass.rewritten() >= 5, "loops rewritten: " + pass.rewritten());
    Set<Integer> stages = new TreeSet<>(pass.stages());
    assertTrue(!stages.isEmpty(), "stages " + stages);
    System.out.println("II " + ii + " spread " + spread + ": stages " + stages);
  }
}
