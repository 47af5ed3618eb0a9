package dev.jptx.compiler.differential;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testkernels.JdkHelpers;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.KernelException;
import dev.jptx.runtime.Launch;
import dev.jptx.runtime.sim.SimDevice;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code Math.*Exact} methods give the JVM's results where nothing overflows, and an overflow
 * stops the kernel whether or not {@code checks} is on: the simulator prints the kernel, file, line
 * and Java's message, the jvm device throws the {@code ArithmeticException} at that line, both as a
 * {@link KernelException}. {@code Arrays.fill} fills what the JVM fills; under {@code checks} a bad
 * range stops the kernel at the call's line. Known answers for the helpers on constants close it.
 */
class ExactAndFillTest {
  static Stream<Arguments> configurations() {
    return Configurations.of("-O0 sm_75", "-O3 sm_90", "-O3 sm_90 checks", "-O1 sm_60 checks");
  }

  private static final String KERNEL = "kernel dev.jptx.compiler.testkernels.JdkHelpers.";
  private static final String FILE = "dev/jptx/compiler/testkernels/JdkHelpers.java";

  /** The exact value of int operation {@code op} of {@link JdkHelpers#exactInts}. */
  private static long intExact(int op, int a, int b, long l) {
    return switch (op) {
      case 0, 8 -> (long) a + b;
      case 1 -> (long) a - b;
      case 2 -> (long) a * b;
      case 3 -> a + 1L;
      case 4 -> a - 1L;
      case 5 -> -(long) a;
      case 6 -> l;
      default -> Math.abs((long) a);
    };
  }

  /** The exact value of long operation {@code op} of {@link JdkHelpers#exactLongs}. */
  private static BigInteger longExact(int op, long a, long b, int n) {
    BigInteger x = BigInteger.valueOf(a);
    BigInteger y = BigInteger.valueOf(b);
    return switch (op) {
      case 0 -> x.add(y);
      case 1 -> x.subtract(y);
      case 2, 8 -> x.multiply(y);
      case 3 -> x.multiply(BigInteger.valueOf(n));
      case 4 -> x.add(BigInteger.ONE);
      case 5 -> x.subtract(BigInteger.ONE);
      case 6 -> x.negate();
      default -> x.abs();
    };
  }

  /** Every operation on every pair of edge values, in two lists: fits and overflows. */
  private record IntCases(List<int[]> fit, List<int[]> overflow) {}

  private static IntCases intCases() {
    IntCases c = new IntCases(new ArrayList<>(), new ArrayList<>());
    int[] v = JdkHelpersOnSimulatorTest.INTS;
    for (int op = 0; op < JdkHelpers.INT_EXACT_OPS; op++) {
      for (int a : v) {
        for (int b : v) {
          long l = op == 6 ? (long) a * (b | 1) : 0;
          long exact = intExact(op, a, b, l);
          int[] row = {op, a, b, (int) (l >>> 32), (int) l};
          (exact == (int) exact ? c.fit() : c.overflow()).add(row);
        }
      }
    }
    return c;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void exactInts_matchTheJvmWhereNothingOverflows(String name, CompilerOptions o) {
    List<int[]> fit = intCases().fit();
    int n = fit.size();
    int[] ops = new int[n];
    int[] x = new int[n];
    int[] y = new int[n];
    long[] l = new long[n];
    for (int i = 0; i < n; i++) {
      int[] r = fit.get(i);
      ops[i] = r[0];
      x[i] = r[1];
      y[i] = r[2];
      l[i] = ((long) r[3] << 32) | (r[4] & 0xFFFF_FFFFL);
    }
    Differential.check(
        o,
        new Differential.Case(
            JdkHelpers.class, "exactInts", Launch.grid1d(n, 64), 0, ops, x, y, l, new int[n]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void exactLongs_matchTheJvmWhereNothingOverflows(String name, CompilerOptions o) {
    List<long[]> fit = longCases(true);
    int n = fit.size();
    int[] ops = new int[n];
    long[] x = new long[n];
    long[] y = new long[n];
    int[] m = new int[n];
    for (int i = 0; i < n; i++) {
      long[] r = fit.get(i);
      ops[i] = (int) r[0];
      x[i] = r[1];
      y[i] = r[2];
      m[i] = (int) r[3];
    }
    Differential.check(
        o,
        new Differential.Case(
            JdkHelpers.class, "exactLongs", Launch.grid1d(n, 64), 0, ops, x, y, m, new long[n]));
  }

  /** The long cases that fit ({@code fit}) or overflow: rows of op, x, y, n. */
  private static List<long[]> longCases(boolean fit) {
    List<long[]> rows = new ArrayList<>();
    long[] v = JdkHelpersOnSimulatorTest.LONGS;
    int[] ints = JdkHelpersOnSimulatorTest.INTS;
    for (int op = 0; op < JdkHelpers.LONG_EXACT_OPS; op++) {
      for (int i = 0; i < v.length; i++) {
        for (long b : v) {
          int n = ints[i % ints.length];
          boolean fits = longExact(op, v[i], b, n).bitLength() <= 63;
          if (fits == fit) {
            rows.add(new long[] {op, v[i], b, n});
          }
        }
      }
    }
    return rows;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void exactOverflow_stopsTheKernelAtItsLineOnBothDevices(String name, CompilerOptions o) {
    List<int[]> overflow = intCases().overflow();
    List<long[]> longOverflow = longCases(false);
    Path modules = Differential.modules(JdkHelpers.class, o);
    int checked = 0;
    for (int op = 0; op < JdkHelpers.INT_EXACT_OPS; op++) {
      int[] r = first(overflow, op);
      long l = ((long) r[3] << 32) | (r[4] & 0xFFFF_FFFFL);
      Object[] args = {
        new int[] {op}, new int[] {r[1]}, new int[] {r[2]}, new long[] {l}, new int[1]
      };
      sameStop(modules, "exactInts", args);
      checked++;
    }
    for (int op = 0; op < JdkHelpers.LONG_EXACT_OPS; op++) {
      long[] r = null;
      for (long[] row : longOverflow) {
        if (row[0] == op && r == null) {
          r = row;
        }
      }
      Object[] args = {
        new int[] {op}, new long[] {r[1]}, new long[] {r[2]}, new int[] {(int) r[3]}, new long[1]
      };
      sameStop(modules, "exactLongs", args);
      checked++;
    }
    assertEquals(JdkHelpers.INT_EXACT_OPS + JdkHelpers.LONG_EXACT_OPS, checked);
  }

  private static int[] first(List<int[]> rows, int op) {
    return rows.stream().filter(r -> r[0] == op).findFirst().orElseThrow();
  }

  /**
   * Runs one thread of {@code method} on both devices: the jvm device must stop with the JDK's
   * exception thrown from a line of {@code method}, the simulator must print that line and the
   * exception's message, then stop; returns the printed line.
   */
  private static String sameStop(Path modules, String method, Object... args) {
    Launch one = Launch.grid1d(1, 1);
    KernelException jvm;
    try (Device d = Device.jvm()) {
      jvm =
          assertThrows(KernelException.class, () -> d.launch(one, JdkHelpers.class, method, args));
    }
    Throwable cause = jvm.getCause();
    int line = lineIn(cause, method);
    String expected = KERNEL + method + " (" + FILE + ":" + line + "): " + cause.getMessage();
    String printed;
    try (Device d = SimDevice.withModuleRoots(List.of(modules))) {
      printed =
          PrintfAndChecksTest.captured(
              () ->
                  assertThrows(
                      KernelException.class, () -> d.launch(one, JdkHelpers.class, method, args)));
    }
    assertEquals(expected, printed);
    return printed;
  }

  /** The line of {@code method}'s frame in the stack of {@code t}. */
  private static int lineIn(Throwable t, String method) {
    for (StackTraceElement e : t.getStackTrace()) {
      if (e.getClassName().equals(JdkHelpers.class.getName()) && e.getMethodName().equals(method)) {
        return e.getLineNumber();
      }
    }
    throw new AssertionError("no frame of " + method + " in " + t);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void fill_fillsWhatTheJvmFills(String name, CompilerOptions o) {
    int[][] ranges = {{0, 0}, {0, 9}, {2, 5}, {9, 9}, {3, 3}, {8, 9}};
    for (int[] r : ranges) {
      Differential.check(
          o,
          new Differential.Case(
              JdkHelpers.class,
              "fills",
              Launch.grid1d(4, 4),
              0,
              r[0],
              r[1],
              new boolean[9],
              new byte[9],
              new short[9],
              new char[9],
              new int[9],
              new long[9],
              new float[9],
              new double[9]));
    }
    Differential.check(
        o,
        new Differential.Case(
            JdkHelpers.class,
            "fillLocal",
            Launch.grid1d(9, 32),
            0,
            new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8},
            new int[9 * 8]));
  }

  /** A bad range is undefined without {@code checks}, like a bad index: only checked builds. */
  static Stream<Arguments> checkedConfigurations() {
    return Configurations.of("-O0 sm_75 checks", "-O3 sm_90 checks");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("checkedConfigurations")
  void zeroDivisorUnderChecks_stopsFloorDivAndTheUnsignedDivisionsAtTheirLines(
      String name, CompilerOptions o) {
    Path modules = Differential.modules(JdkHelpers.class, o);
    for (int op = 0; op < 4; op++) {
      String printed = sameStop(modules, "divisions", op, 7, 0, -7L, new long[1]);
      assertTrue(printed.endsWith("): / by zero"), printed);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("checkedConfigurations")
  void fill_badRangeUnderChecks_stopsTheKernelAtTheCall(String name, CompilerOptions o) {
    Path modules = Differential.modules(JdkHelpers.class, o);
    int[][] ranges = {{5, 3}, {-1, 2}, {2, 10}, {-2, -1}};
    for (int[] r : ranges) {
      Launch one = Launch.grid1d(1, 1);
      Object[] args = {
        r[0],
        r[1],
        new boolean[9],
        new byte[9],
        new short[9],
        new char[9],
        new int[9],
        new long[9],
        new float[9],
        new double[9]
      };
      KernelException jvm;
      try (Device d = Device.jvm()) {
        jvm =
            assertThrows(
                KernelException.class, () -> d.launch(one, JdkHelpers.class, "fills", args));
      }
      int line = lineIn(jvm.getCause(), "fills");
      String printed;
      try (Device d = SimDevice.withModuleRoots(List.of(modules))) {
        printed =
            PrintfAndChecksTest.captured(
                () ->
                    assertThrows(
                        KernelException.class,
                        () -> d.launch(one, JdkHelpers.class, "fills", args)));
      }
      assertEquals(
          KERNEL
              + "fills ("
              + FILE
              + ":"
              + line
              + "): Range ["
              + r[0]
              + ", "
              + r[1]
              + ") out of bounds for length 9",
          printed);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void constants_giveTheKnownAnswers(String name, CompilerOptions o) {
    long[] out = new long[16];
    double[] values = new double[14];
    try (Device d = SimDevice.withModuleRoots(List.of(Differential.modules(JdkHelpers.class, o)))) {
      d.launch(Launch.grid1d(1, 1), JdkHelpers.class, "constants", out, values);
    }
    long[] expected = {
      0, // round(0.49999999999999994)
      -2, // round(-2.5f)
      0, // Integer.highestOneBit(0)
      2, // floorMod(-7, 3)
      -3, // floorDiv(-7, 3)
      3, // round(2.5)
      0, // round(-0.5)
      0, // round(NaN)
      Integer.MAX_VALUE, // round(1e20f)
      -2, // floorMod(7L, -3)
      1, // compareUnsigned(-1, 1)
      1844674407370955161L, // divideUnsigned(-1L, 10L)
      -1023, // getExponent(Double.MIN_VALUE)
      -1, // Float.compare(-0.0f, 0.0f)
      Long.MIN_VALUE, // Long.highestOneBit(-1L)
      4503599627370497L // round(2^52 + 1)
    };
    assertArrayEquals(expected, out);
    double[] expectedValues = {
      Double.MIN_VALUE, // ulp(MIN_VALUE)
      0x1p-52, // ulp(1.0)
      Double.MIN_VALUE, // nextUp(-0.0)
      -Double.MIN_VALUE, // nextAfter(0.0, -1.0)
      Double.MIN_VALUE, // scalb(1.0, -1074)
      0x1p-1073, // scalb(3.0, -1075): 1.5 * 2^-1074, a tie, rounded to even once
      1.0, // IEEEremainder(5, 2)
      -1.0, // IEEEremainder(7, 2)
      -0.0, // signum(-0.0)
      -1.0, // Math.copySign(1.0, -NaN): the NaN's sign bit
      1.0, // StrictMath.copySign(1.0, -NaN): a NaN sign is positive
      180.0, // toDegrees(PI)
      Double.POSITIVE_INFINITY, // ulp(infinity)
      1.00000011920928955078125 // nextAfter(1.0f, infinity)
    };
    for (int i = 0; i < expectedValues.length; i++) {
      assertEquals(
          Double.doubleToLongBits(expectedValues[i]),
          Double.doubleToLongBits(values[i]),
          "values[" + i + "]");
    }
    assertFalse(Double.isNaN(values[0]));
    Differential.check(
        o,
        new Differential.Case(
            JdkHelpers.class, "constants", Launch.grid1d(1, 1), 0, new long[16], new double[14]));
  }
}
