package dev.jptx.compiler.differential;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testkernels.RuntimeUnrolled;
import dev.jptx.runtime.Launch;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runtime and partial unrolling give the JVM's results on the simulator: the loops of {@link
 * RuntimeUnrolled} at factors 2, 3 (not a power of two: a remainder by {@code urem}), 4 and 8, with
 * unrolling off, and at -O0. Thread {@code i} loops from {@code lo[i]} to {@code hi[i]}: 0 to 20
 * trips from ordinary starts, and from starts at both ends of the {@code int} range, so every
 * remainder length and the bounds where a count could overflow run.
 */
class RuntimeUnrolledLoopsOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90",
        "-O3 sm_90 unroll-runtime-count=2 unroll-partial-count=2",
        "-O2 sm_75 unroll-runtime-count=3 unroll-partial-count=3",
        "-O3 sm_80 unroll-runtime-count=8 maxreg=24",
        "-O3 sm_90 disable-unroll-runtime",
        "-O0 sm_75");
  }

  private static final RandomArrays RANDOM = new RandomArrays(2222);

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void runtimeUnrolledKernels(String name, CompilerOptions o) {
    int n = 84;
    Launch l = Launch.grid1d(n + 4, 32);
    int[] lo = new int[n];
    int[] hi = new int[n];
    for (int i = 0; i < n; i++) {
      int trips = i % 21;
      lo[i] =
          switch (i % 4) {
            case 0 -> Integer.MAX_VALUE - 20;
            case 1 -> Integer.MIN_VALUE;
            case 2 -> -7;
            default -> 1000 + i;
          };
      // some bounds below the start (no trips), but never wrapping below MIN_VALUE: a loop
      // from MIN_VALUE down to a wrapped bound, or up to it with <=, would run 2^32 trips
      hi[i] = lo[i] + trips - (i % 7 == 3 && i % 4 != 1 ? 25 : 0);
      if (i % 4 == 0 && i % 8 == 4) {
        // up to the largest int: k <= hi must not be run forever, so one below it
        hi[i] = Integer.MAX_VALUE - 1;
      }
    }
    float[] a = RANDOM.floats(53, -3, 3);
    a[5] = Float.NaN;
    a[11] = -0.0f;
    Differential.check(
        o,
        new Differential.Case(RuntimeUnrolled.class, "upStrict", l, 0, n, lo, hi, a, new float[n]));
    int[] ints = RANDOM.ints(47);
    ints[4] = 7;
    Differential.check(
        o,
        new Differential.Case(
            RuntimeUnrolled.class, "upOtherTests", l, 0, n, lo, hi, ints, new long[n]));
    Differential.check(
        o, new Differential.Case(RuntimeUnrolled.class, "down", l, 0, n, lo, hi, new long[n]));
    Differential.check(
        o,
        new Differential.Case(
            RuntimeUnrolled.class, "leftAlone", l, 0, n, lo, hi, ints, new int[n]));
    Differential.check(
        o,
        new Differential.Case(
            RuntimeUnrolled.class,
            "constantTrips",
            Launch.grid1d(128, 64),
            0,
            RANDOM.floats(97, -2, 2),
            new float[128]));
  }
}
