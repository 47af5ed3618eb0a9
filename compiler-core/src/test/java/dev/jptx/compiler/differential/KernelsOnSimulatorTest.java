package dev.jptx.compiler.differential;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testkernels.Basic;
import dev.jptx.compiler.testkernels.BitTricks;
import dev.jptx.compiler.testkernels.Branchless;
import dev.jptx.compiler.testkernels.FuzzFound;
import dev.jptx.compiler.testkernels.Lang;
import dev.jptx.compiler.testkernels.Loops;
import dev.jptx.compiler.testkernels.Neighbours;
import dev.jptx.compiler.testkernels.Params;
import dev.jptx.compiler.testkernels.Records;
import dev.jptx.compiler.testkernels.StaticTables;
import dev.jptx.runtime.Launch;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The compiled kernels give the JVM's results: each test kernel runs on the jvm device and, as jptx
 * compiled it, on the PTX simulator, under several pass configurations.
 */
class KernelsOnSimulatorTest {
  static Stream<Arguments> configurations() {
    // -O0, -O3 on three targets, the outliner forced, and -O3 with each optimization off in turn
    return Stream.concat(
        Configurations.of(
            "-O0 sm_75",
            "-O3 sm_90",
            "-O3 sm_52",
            "-O3 sm_90 maxreg=24",
            "-O3 sm_90 nvptx-enable-machine-sink",
            "-O3 sm_80 " + Configurations.REMAT_EVERYWHERE,
            Configurations.OUTLINED_EVERYWHERE),
        Configurations.eachPassOff("-O3 sm_75"));
  }

  private static final RandomArrays RANDOM = new RandomArrays(42);

  /** Floats in [-100, 100) with a NaN, a -0.0 and an infinity among them. */
  private static float[] floats(int n) {
    float[] a = RANDOM.floats(n, -100, 100);
    a[n / 2] = Float.NaN;
    a[n / 3] = -0.0f;
    a[n / 4] = Float.POSITIVE_INFINITY;
    return a;
  }

  /** Doubles in [-5e9, 5e9) with a NaN and values beyond the long range among them. */
  private static double[] doubles(int n) {
    double[] a = RANDOM.doubles(n, -5e9, 5e9);
    a[n / 2] = Double.NaN;
    a[n / 3] = 3e19;
    a[n / 4] = -3e19;
    return a;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void basic(String name, CompilerOptions o) {
    int n = 1000;
    Launch l = Launch.grid1d(n + 37, 128);
    Differential.check(
        o, new Differential.Case(Basic.class, "saxpy", l, 0, n, 1.5f, floats(n), floats(n)));
    Differential.check(
        o,
        new Differential.Case(
            Basic.class, "vecAdd", l, 0, n, RANDOM.ints(n), RANDOM.ints(n), new int[n]));
    Differential.check(
        o, new Differential.Case(Basic.class, "daxpy", l, 0, n, -2.25, doubles(n), doubles(n)));
    Differential.check(
        o, new Differential.Case(Basic.class, "clampAndScale", l, 0, floats(n), -50f, 50f));
    for (int[] ab :
        new int[][] {{7, 3}, {-7, 3}, {Integer.MIN_VALUE, -1}, {5, 33}, {-1, -1}, {123456, -31}}) {
      Differential.check(
          o,
          new Differential.Case(
              Basic.class, "intOps", Launch.grid1d(64, 32), 0, new int[8], ab[0], ab[1]));
    }
    Differential.check(
        o,
        new Differential.Case(
            Basic.class, "conversions", l, 0, doubles(n), floats(n), new int[n], RANDOM.longs(n)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void records(String name, CompilerOptions o) {
    int n = 300;
    Launch l = Launch.grid1d(n + 37, 64);
    Differential.check(
        o,
        new Differential.Case(
            Records.class,
            "arithmetic",
            l,
            0,
            n,
            floats(4 * n),
            floats(4 * n),
            new float[4 * n],
            new float[n]));
    Differential.check(
        o, new Differential.Case(Records.class, "phis", l, 0, n, floats(4 * n), new float[4 * n]));
    Differential.check(
        o,
        new Differential.Case(
            Records.class,
            "parameters",
            l,
            0,
            n,
            new Records.Float4(1.5f, -2f, Float.NaN, 1e30f),
            new Records.Mixed(
                true,
                (byte) -7,
                (short) -300,
                '\uffee',
                123456789,
                -5_000_000_000L,
                -2.75e12,
                new Records.Pair(-42, 3.5f)),
            new Records.Wide((byte) 9, -0.0, 'Z'),
            new float[4 * n],
            new long[3 * n]));
    Differential.check(
        o,
        new Differential.Case(
            Records.class,
            "nested",
            l,
            0,
            n,
            new Records.Mixed(
                false,
                (byte) 120,
                (short) 32000,
                'a',
                -1,
                Long.MIN_VALUE + 3,
                1e-300,
                new Records.Pair(Integer.MAX_VALUE, -0.0f)),
            new long[4 * n]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void branchless(String name, CompilerOptions o) {
    int n = 1000;
    Launch l = Launch.grid1d(n + 37, 128);
    float[] b = floats(n);
    b[7] = 0f;
    b[8] = Float.NaN;
    Differential.check(
        o,
        new Differential.Case(
            Branchless.class, "widened", l, 0, n, floats(n), b, new float[4 * n]));
    Differential.check(
        o,
        new Differential.Case(Branchless.class, "shortCircuits", l, 0, n, floats(n), new int[n]));
    Differential.check(
        o,
        new Differential.Case(
            BitTricks.class,
            "bitOps",
            l,
            0,
            n,
            RANDOM.ints(n),
            RANDOM.ints(n),
            RANDOM.longs(n),
            new int[4 * n],
            new long[2 * n]));
    Differential.check(
        o,
        new Differential.Case(
            Neighbours.class,
            "stencil",
            l,
            0,
            n,
            floats(n),
            RANDOM.longs(n),
            new float[n],
            new long[n]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void loops(String name, CompilerOptions o) {
    int n = 300;
    int m = 17;
    Differential.check(
        o,
        new Differential.Case(
            Loops.class,
            "dotLoop",
            Launch.grid1d(n, 64),
            0,
            n,
            m,
            floats(n * m),
            floats(m),
            new float[n]));
    Differential.check(
        o,
        new Differential.Case(
            Loops.class, "gridStride", Launch.grid1d(128, 32), 0, 1000, RANDOM.longs(1000)));
    int[] collatz = new int[500];
    for (int i = 0; i < collatz.length; i++) {
      collatz[i] = i + 1;
    }
    Differential.check(
        o,
        new Differential.Case(
            Loops.class, "breakContinue", Launch.grid1d(512, 128), 0, collatz, 100));
    for (double[] xy : new double[][] {{1, 2}, {2, 1}, {Double.NaN, 1}, {0.0, -0.0}}) {
      Differential.check(
          o,
          new Differential.Case(
              Loops.class, "ternaries", Launch.grid1d(4, 4), 0, new int[4], 3L, 3L, xy[0], xy[1]));
      Differential.check(
          o,
          new Differential.Case(
              Loops.class, "ternaries", Launch.grid1d(4, 4), 0, new int[4], -3L, 4L, xy[0], xy[1]));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void deviceFunctionsSwitchesAndArrays(String name, CompilerOptions o) {
    int n = 300;
    int[] a = RANDOM.ints(n);
    int[] b = RANDOM.ints(n);
    for (int i = 0; i < n; i++) {
      a[i] = a[i] % 100000;
      b[i] = b[i] % 1000;
    }
    Launch l = Launch.grid1d(n, 64);
    Differential.check(
        o, new Differential.Case(Lang.class, "calls", l, 0, a, b, new long[n], new int[n]));
    Differential.check(
        o,
        new Differential.Case(
            Lang.class, "arrays", l, 0, floats(n * 4), doubles(50), 4, new float[n]));
    int[] v = RANDOM.ints(n);
    v[3] = -1000000;
    v[4] = 17;
    v[5] = 123456789;
    Differential.check(o, new Differential.Case(Lang.class, "switches", l, 0, v, new int[n]));
    Differential.check(
        o, new Differential.Case(Lang.class, "localArrays", l, 0, RANDOM.ints(n), new int[n]));
    Differential.check(
        o, new Differential.Case(Lang.class, "arraysInLoops", l, 0, RANDOM.ints(n), new int[n]));
    // tables the static initializer fills by loops, own static methods and StrictMath (#21)
    Differential.check(
        o,
        new Differential.Case(
            StaticTables.class,
            "lookup",
            l,
            0,
            RANDOM.ints(n),
            new float[n],
            new int[n],
            new double[n],
            new int[n],
            new long[n]));
    Differential.check(
        o, new Differential.Case(StaticTables.class, "blend", l, 0, RANDOM.ints(n), new float[n]));
    float[] fx = floats(n);
    float[] fy = floats(n);
    double[] dx = doubles(n);
    double[] dy = doubles(n);
    float[] fSpecial = {0f, -0f, Float.MIN_VALUE, 1e-40f, Float.MAX_VALUE, -3f, 7.5f};
    double[] dSpecial = {0.0, -0.0, Double.MIN_VALUE, 1e-310, Double.MAX_VALUE, -3.0, 1e300};
    for (int k = 0; k < fSpecial.length; k++) {
      fx[k] = fSpecial[k];
      fy[k + 10] = fSpecial[k];
      dx[k] = dSpecial[k];
      dy[k + 10] = dSpecial[k];
      fy[k] = fSpecial[(k + 3) % fSpecial.length];
      dy[k] = dSpecial[(k + 3) % dSpecial.length];
    }
    Differential.check(o, new Differential.Case(Lang.class, "remainders", l, 0, fx, fy, dx, dy));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void fuzzFound(String name, CompilerOptions o) {
    for (boolean p : new boolean[] {true, false}) {
      Differential.check(
          o,
          new Differential.Case(
              FuzzFound.class,
              "branchesToTheNextBlock",
              Launch.grid1d(64, 32),
              0,
              p,
              RANDOM.ints(64)));
    }
    Differential.check(
        o,
        new Differential.Case(
            FuzzFound.class, "predicateConstants", Launch.grid1d(64, 32), 0, -129, new int[64]));
    Differential.check(
        o,
        new Differential.Case(
            FuzzFound.class, "deadRecursiveCall", Launch.grid1d(64, 32), 0, new int[64]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void params(String name, CompilerOptions o) {
    Differential.check(
        o,
        new Differential.Case(
            Params.class,
            "everyType",
            Launch.grid1d(32, 32),
            0,
            true,
            (byte) -5,
            (short) -300,
            (char) 65000,
            7,
            1L << 40,
            -2.75f,
            1e300,
            new int[8],
            new double[1]));
    int n = 200;
    byte[] bytes = new byte[n];
    short[] shorts = new short[n];
    char[] chars = new char[n];
    boolean[] flags = new boolean[n];
    for (int i = 0; i < n; i++) {
      bytes[i] = (byte) (i * 37);
      shorts[i] = (short) (i * 1234);
      chars[i] = (char) (i * 977);
      flags[i] = i % 3 == 0;
    }
    Differential.check(
        o,
        new Differential.Case(
            Params.class, "narrowArrays", Launch.grid1d(256, 256), 0, bytes, shorts, chars, flags));
  }
}
