package dev.jptx.compiler.differential;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testkernels.Pipelined;
import dev.jptx.runtime.Launch;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue #22's matrix: the loops of {@link Pipelined} give the JVM's results on the simulator with
 * the pipeliner forced to each loop's MII and MII + 3 ({@code pipeliner-test-ii-offset}), at most 1
 * to 5 stages, at a register budget of 24, after runtime unrolling by 2, 3, 4 or 8; and in the
 * default builds, without the pipeliner, and at -O0. Every thread has its own trip count, 0, 1, 2,
 * ... so that the short-trip path, every prolog depth and every remainder length run. The default
 * build samples the matrix so that each value of each dimension appears; {@code
 * -Djptx.tests.exhaustive=true} runs all of it, with both code generators.
 */
class PipelinedLoopsOnSimulatorTest {
  private static final boolean EXHAUSTIVE = Boolean.getBoolean("jptx.tests.exhaustive");

  static Stream<Arguments> configurations() {
    List<String> names = new ArrayList<>();
    names.add("-O3 sm_90");
    names.add("-O2 sm_75 enable-pipeliner");
    names.add("-O3 sm_90 enable-pipeliner");
    names.add("-O0 sm_75");
    if (EXHAUSTIVE) {
      for (String cg : List.of("", " pipeliner-experimental-cg")) {
        for (int offset : new int[] {0, 3}) {
          for (int stages = 1; stages <= 5; stages++) {
            for (int factor : UNROLL_FACTORS) {
              names.add(forced(offset, stages, factor) + cg);
            }
          }
        }
      }
    } else {
      names.add(forced(0, 1, 2));
      names.add(forced(3, 2, 3));
      names.add(forced(0, 3, 4) + " pipeliner-experimental-cg");
      names.add(forced(3, 4, 8));
      names.add(forced(0, 5, 4));
    }
    return Configurations.of(names.toArray(String[]::new));
  }

  /** The runtime unrolling factors the issue asks the pipeliner to be tested with. */
  private static final int[] UNROLL_FACTORS = {2, 3, 4, 8};

  /**
   * The pipeliner at each loop's MII + {@code offset}, on sm_90 with 24 registers, after runtime
   * unrolling by {@code factor}: the pipeliner then schedules the unrolled loop, and the remainder
   * loop is a candidate of its own.
   */
  private static String forced(int offset, int stages, int factor) {
    return Configurations.pipelinerForced(offset, stages) + " unroll-runtime-count=" + factor;
  }

  private static final RandomArrays RANDOM = new RandomArrays(22);

  /** Trip counts 0, 1, 2, ... up to {@code max}, then again. */
  private static int[] counts(int n, int max) {
    int[] c = new int[n];
    for (int i = 0; i < n; i++) {
      c[i] = i % (max + 1);
    }
    return c;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void pipelinedKernels(String name, CompilerOptions o) {
    int n = 70;
    Launch l = Launch.grid1d(n + 6, 32);
    int[] counts = counts(n, 23);
    float[] a = RANDOM.floats(n + 40, -4, 4);
    a[3] = Float.NaN;
    a[9] = -0.0f;
    Differential.check(
        o,
        new Differential.Case(
            Pipelined.class, "dot", l, 0, n, counts, a, RANDOM.floats(40, -2, 2), new float[n]));
    Differential.check(
        o,
        new Differential.Case(
            Pipelined.class, "recurrences", l, 0, n, counts, RANDOM.ints(n), new long[n]));
    int stride = 24;
    Differential.check(
        o,
        new Differential.Case(
            Pipelined.class,
            "scaleRow",
            l,
            0,
            n,
            stride,
            counts,
            RANDOM.doubles(n * stride, -100, 100),
            new double[n * stride]));
    Differential.check(
        o,
        new Differential.Case(
            Pipelined.class, "prefixInPlace", l, 0, n, stride, counts, RANDOM.ints(n * stride)));
    Differential.check(
        o,
        new Differential.Case(
            Pipelined.class, "slowOps", l, 0, n, counts, RANDOM.floats(57, -30, 30), new float[n]));
    double[] x = RANDOM.doubles(40, -70000, 70000);
    x[2] = Double.NaN;
    x[5] = Double.NaN;
    x[7] = -0.0;
    Differential.check(
        o,
        new Differential.Case(
            Pipelined.class, "nanConversions", l, 0, n, counts, x, new long[2 * n], new int[n]));
    Differential.check(
        o,
        new Differential.Case(
            Pipelined.class, "carriedConversion", Launch.grid1d(64, 32), 0, new int[64]));
    int[] starts = new int[n];
    int[] ends = new int[n];
    for (int i = 0; i < n; i++) {
      int len = i % 9 - 1;
      int edge = i % 3;
      starts[i] =
          edge == 0 ? Integer.MAX_VALUE - 8 : edge == 1 ? Integer.MIN_VALUE : RANDOM.ints(1)[0];
      ends[i] = starts[i] + len;
      if (edge == 0) {
        ends[i] = len < 0 ? starts[i] - 1 : Integer.MAX_VALUE - 8 + Math.min(len, 8);
      }
    }
    Differential.check(
        o, new Differential.Case(Pipelined.class, "wideBounds", l, 0, n, starts, ends, new int[n]));
    Differential.check(
        o,
        new Differential.Case(
            Pipelined.class,
            "nested",
            l,
            0,
            n,
            13,
            counts(n, 6),
            RANDOM.floats(101, -1, 1),
            new float[n]));
  }
}
