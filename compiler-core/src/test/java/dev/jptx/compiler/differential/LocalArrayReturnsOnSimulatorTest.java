package dev.jptx.compiler.differential;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testkernels.LocalArrayReturns;
import dev.jptx.runtime.Launch;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Device functions that return a local array of their own give the JVM's results on the simulator
 * at every optimization level: they are inlined even at {@code -O0} and with {@code
 * inline-threshold=0}, so the array lives in the caller's frame (a {@code .func} would hand back an
 * address of a frame that is gone).
 */
class LocalArrayReturnsOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O0 sm_75",
        "-O0 sm_90 checks",
        "-O1 sm_75",
        "-O2 sm_90",
        "-O3 sm_90",
        "-O3 sm_75 inline-threshold=0",
        "-O3 sm_75 disable-promote-local-arrays",
        "-O3 sm_90 maxreg=24 nv-disable-mem2reg");
  }

  private static final RandomArrays RANDOM = new RandomArrays(47);
  private static final int N = 70;
  private static final Launch LAUNCH = Launch.grid1d(N + 3, 32);

  private static void check(CompilerOptions o, String kernel, Object... args) {
    Differential.check(o, new Differential.Case(LocalArrayReturns.class, kernel, LAUNCH, 0, args));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void aHelpersLocalArray_isTheCallersToUse(String name, CompilerOptions o) {
    check(o, "filledByHelper", RANDOM.ints(N + 2), new int[N]);
    check(o, "oneOfTwo", RANDOM.floats(N, -8, 8), new float[N]);
    check(o, "localOrParameter", RANDOM.ints(N), RANDOM.ints(N));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void callsInLoops_nestedHelpers_andFuncs(String name, CompilerOptions o) {
    check(o, "helperInLoop", RANDOM.ints(N + 9), new int[N]);
    check(o, "nested", RANDOM.ints(N + 1), new long[N]);
    check(o, "insideFunctions", RANDOM.ints(N + 4), new int[N]);
  }
}
