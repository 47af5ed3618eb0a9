package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testkernels.ArrayReturns;
import dev.jptx.compiler.testkernels.ArraysOfArrays;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.sim.SimDevice;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Arrays of arrays give the JVM's results on the simulator: ragged rows read and written through
 * the row tables and copied back, rows shared between arguments, rows and whole arrays of arrays
 * passed to device functions, local {@code new T[r][c]} blocks, and device functions that return
 * arrays.
 */
class ArraysOfArraysOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90",
        "-O3 sm_75 disable-promote-local-arrays",
        "-O3 sm_90 maxreg=24 nv-disable-mem2reg",
        "-O0 sm_75",
        "-O3 sm_90 checks");
  }

  private static final RandomArrays RANDOM = new RandomArrays(21);

  /** Rows of lengths 0 to 12, one of them empty and one longer than the others. */
  private static float[][] ragged(int rows) {
    float[][] a = new float[rows][];
    for (int k = 0; k < rows; k++) {
      a[k] = RANDOM.floats(k == 3 ? 0 : (k * 7) % 13, -100, 100);
    }
    a[rows - 1] = RANDOM.floats(40, -1, 1);
    return a;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void parameters(String name, CompilerOptions o) {
    int rows = 37;
    Launch l = Launch.grid1d(rows + 5, 32);
    Differential.check(
        o,
        new Differential.Case(
            ArraysOfArrays.class, "rowSums", l, 0, ragged(rows), new float[rows], 1.5f));
    int[][] ints = new int[rows][];
    for (int k = 0; k < rows; k++) {
      ints[k] = RANDOM.ints(k % 9);
    }
    Differential.check(
        o,
        new Differential.Case(ArraysOfArrays.class, "rowThroughHelper", l, 0, ints, new int[rows]));
    double[][] doubles = {
      RANDOM.doubles(3, -5, 5), RANDOM.doubles(1, -5, 5), {}, RANDOM.doubles(7, -5, 5)
    };
    Differential.check(
        o,
        new Differential.Case(
            ArraysOfArrays.class,
            "wholeToHelper",
            Launch.grid1d(20, 32),
            0,
            doubles,
            new double[20]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void sharedRows(String name, CompilerOptions o) {
    // thread i adds 3 to elements j = i (mod 4) of its row; three entries name one row, so each of
    // its elements is written by at most one thread, and the copy back must keep all their writes
    long[] shared = RANDOM.longs(30);
    long[] other = RANDOM.longs(5);
    long[][] a = {shared, shared, other, shared};
    Differential.check(
        o, new Differential.Case(ArraysOfArrays.class, "addOne", Launch.grid1d(4, 32), 0, a, 3L));
    int[] b = RANDOM.ints(20);
    int[][] rows = {b, new int[25]};
    Differential.check(
        o,
        new Differential.Case(
            ArraysOfArrays.class, "rowIsArgument", Launch.grid1d(20, 32), 0, rows, b));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void localBlocks(String name, CompilerOptions o) {
    int n = 100;
    Launch l = Launch.grid1d(n + 9, 64);
    Differential.check(
        o,
        new Differential.Case(
            ArraysOfArrays.class, "localGrid", l, 0, RANDOM.floats(53, -10, 10), new float[n]));
    Differential.check(
        o, new Differential.Case(ArraysOfArrays.class, "localZeroed", l, 0, new int[n]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void deviceFunctionsReturnArrays(String name, CompilerOptions o) {
    int n = 70;
    Launch l = Launch.grid1d(n + 3, 32);
    Differential.check(
        o,
        new Differential.Case(
            ArrayReturns.class,
            "pickParameter",
            l,
            0,
            RANDOM.floats(11, -4, 4),
            RANDOM.floats(5, -4, 4),
            new float[n],
            new float[n]));
    int[][] rows = {RANDOM.ints(3), RANDOM.ints(9), RANDOM.ints(1), RANDOM.ints(9), RANDOM.ints(4)};
    Differential.check(
        o, new Differential.Case(ArrayReturns.class, "rowOf", l, 0, rows, new int[n]));
    Differential.check(
        o,
        new Differential.Case(
            ArrayReturns.class,
            "sharedFromHelper",
            Launch.grid1d(128, 64),
            0,
            RANDOM.ints(128),
            new int[128]));
    Differential.check(
        o, new Differential.Case(ArrayReturns.class, "tableFromHelper", l, 0, new int[n]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void checks_trapOnEveryIndexOutOfBounds(String name, CompilerOptions o) {
    CompilerOptions checked = o.withChecks(true);
    int[][] a = {{1, 2, 3, 4, 5}, {6}, {7, 8, 9, 10, 11}};
    try (Device sim =
        SimDevice.withModuleRoots(List.of(Differential.modules(ArraysOfArrays.class, checked)))) {
      int[] out = new int[1];
      sim.launch(Launch.grid1d(1, 1), ArraysOfArrays.class, "elementAt", a, 2, 4, out);
      assertArrayEquals(new int[] {11}, out);
      sim.launch(Launch.grid1d(1, 1), ArraysOfArrays.class, "localElementAt", 1, 0, out);
      assertArrayEquals(new int[] {9}, out);
      // a row past the table, an element past a short row; in the local block, elements past a
      // row that still lie inside the block
      for (int[] rc : new int[][] {{3, 0}, {-1, 0}, {1, 1}}) {
        assertThrows(
            KernelException.class,
            () ->
                sim.launch(
                    Launch.grid1d(1, 1), ArraysOfArrays.class, "elementAt", a, rc[0], rc[1], out),
            "a[" + rc[0] + "][" + rc[1] + "]");
      }
      for (int[] rc : new int[][] {{0, 5}, {2, -1}, {3, 0}}) {
        assertThrows(
            KernelException.class,
            () ->
                sim.launch(
                    Launch.grid1d(1, 1), ArraysOfArrays.class, "localElementAt", rc[0], rc[1], out),
            "g[" + rc[0] + "][" + rc[1] + "]");
      }
    }
  }
}
