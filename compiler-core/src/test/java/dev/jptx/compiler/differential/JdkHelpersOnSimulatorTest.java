package dev.jptx.compiler.differential;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testkernels.JdkHelpers;
import dev.jptx.runtime.Launch;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rest of {@code Math} and the small JDK helpers (issue #21 item 3) give the JVM's results bit
 * for bit: every pair of a list of edge values runs through {@link JdkHelpers} on the jvm device
 * and on the simulator, with scale factors and divisors at the edges of their ranges. The {@code
 * *Exact} methods and {@code Arrays.fill} have their own test ({@link ExactAndFillTest}).
 */
class JdkHelpersOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of("-O0 sm_75", "-O3 sm_90", "-O3 sm_52", "-O1 sm_60 checks");
  }

  private static final SplittableRandom RANDOM = new SplittableRandom(21);

  static final int[] INTS = {
    0,
    1,
    -1,
    2,
    3,
    -3,
    7,
    -7,
    Integer.MIN_VALUE,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE + 1,
    0x8000_0001,
    0x0001_0000,
    0x00FF_FF80,
    0x7FFF_FFFE,
    RANDOM.nextInt(),
    RANDOM.nextInt()
  };

  static final long[] LONGS = {
    0,
    1,
    -1,
    3,
    -3,
    10,
    Long.MIN_VALUE,
    Long.MAX_VALUE,
    Long.MIN_VALUE + 1,
    Integer.MIN_VALUE,
    Integer.MAX_VALUE,
    1L << 32,
    0xFFFF_FFFFL,
    0x8000_0000_0000_0001L,
    RANDOM.nextLong(),
    RANDOM.nextLong()
  };

  private static final float[] FLOATS = {
    Float.NaN,
    Float.intBitsToFloat(0xFFC1_2345), // negative NaN with a payload
    0.0f,
    -0.0f,
    1.0f,
    -1.0f,
    0.5f,
    -0.5f,
    2.5f,
    -2.5f,
    0.49999997f, // the float below 0.5
    -0.49999997f,
    -0.50000006f, // the float below -0.5: round's fraction 1 + x is exact from here down
    -0x1p-30f, // 1 + x rounds to 1 in float, still at least a half
    1.5f,
    -1.5f,
    8388607.5f, // 2^23 - 0.5: the largest with a fraction
    8388609.0f, // 2^23 + 1: integral
    -8388607.5f,
    Float.MIN_VALUE,
    -Float.MIN_VALUE,
    Float.MIN_NORMAL,
    0x1.fffffcp-127f, // the largest subnormal
    Float.MAX_VALUE,
    -Float.MAX_VALUE,
    Float.POSITIVE_INFINITY,
    Float.NEGATIVE_INFINITY,
    3e9f,
    -3e9f,
    (float) RANDOM.nextDouble()
  };

  private static final double[] DOUBLES = {
    Double.NaN,
    Double.longBitsToDouble(0xFFF8_0000_0012_3456L), // negative NaN with a payload
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -0.5,
    1.5,
    2.5,
    -2.5,
    3.0,
    -7.0,
    0.49999999999999994,
    -0.49999999999999994,
    4503599627370495.5, // 2^52 - 0.5: the largest with a fraction
    -4503599627370497.0, // -(2^52 + 1): already integral
    0x1p63,
    -0x1p63,
    1e19,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    0x0.fffffffffffffp-1022, // the largest subnormal
    0x1p-1021,
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
    0x1p1023,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    180.0,
    Math.PI,
    RANDOM.nextDouble() * 1e6
  };

  /** Scale factors: zero, small, the edges of the normal and subnormal ranges, and beyond. */
  private static final int[] FLOAT_SCALES = {
    0,
    1,
    -1,
    23,
    -24,
    127,
    -126,
    -149,
    -150,
    -151,
    254,
    -277,
    300,
    -300,
    301,
    100000,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE
  };

  private static final int[] DOUBLE_SCALES = {
    0,
    1,
    -1,
    52,
    -53,
    1023,
    -1022,
    -1074,
    -1075,
    -1076,
    2046,
    -2098,
    -2099,
    2100,
    -2200,
    2201,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void ints_matchTheJvmOnEveryPair(String name, CompilerOptions o) {
    int k = INTS.length;
    int[] x = new int[k * k];
    int[] y = new int[k * k];
    for (int i = 0; i < k * k; i++) {
      x[i] = INTS[i / k];
      y[i] = INTS[i % k];
    }
    Differential.check(
        o,
        new Differential.Case(
            JdkHelpers.class,
            "ints",
            Launch.grid1d(k * k, 64),
            0,
            x,
            y,
            new int[k * k * JdkHelpers.INT_RESULTS],
            new long[k * k]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void longs_matchTheJvmOnEveryPair(String name, CompilerOptions o) {
    int k = LONGS.length;
    long[] x = new long[k * k];
    long[] y = new long[k * k];
    int[] n = new int[k * k];
    for (int i = 0; i < k * k; i++) {
      x[i] = LONGS[i / k];
      y[i] = LONGS[i % k];
      n[i] = INTS[i % INTS.length];
    }
    Differential.check(
        o,
        new Differential.Case(
            JdkHelpers.class,
            "longs",
            Launch.grid1d(k * k, 64),
            0,
            x,
            y,
            n,
            new long[k * k * JdkHelpers.LONG_RESULTS]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void floats_matchTheJvmOnEveryPairAndScale(String name, CompilerOptions o) {
    int k = FLOATS.length;
    float[] x = new float[k * k];
    float[] y = new float[k * k];
    int[] n = new int[k * k];
    for (int i = 0; i < k * k; i++) {
      x[i] = FLOATS[i / k];
      y[i] = FLOATS[i % k];
      n[i] = FLOAT_SCALES[i % FLOAT_SCALES.length];
    }
    Differential.check(
        o,
        new Differential.Case(
            JdkHelpers.class,
            "floats",
            Launch.grid1d(k * k, 64),
            0,
            x,
            y,
            n,
            new float[k * k * JdkHelpers.FLOAT_RESULTS],
            new int[k * k * 6]));
  }

  /** Random bit patterns, and floats near halves, where {@code round} decides. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void floats_matchTheJvmOnRandomBits(String name, CompilerOptions o) {
    int count = Integer.getInteger("jptx.tests.count", 512);
    float[] x = new float[count];
    float[] y = new float[count];
    int[] n = new int[count];
    for (int i = 0; i < count; i++) {
      float half = RANDOM.nextInt(-1 << 20, 1 << 20) + 0.5f;
      x[i] =
          i % 2 == 0
              ? Float.intBitsToFloat(RANDOM.nextInt())
              : half + RANDOM.nextInt(-3, 4) * Math.ulp(half);
      y[i] = Float.intBitsToFloat(RANDOM.nextInt());
      n[i] = RANDOM.nextInt(-320, 320);
    }
    Differential.check(
        o,
        new Differential.Case(
            JdkHelpers.class,
            "floats",
            Launch.grid1d(count, 64),
            0,
            x,
            y,
            n,
            new float[count * JdkHelpers.FLOAT_RESULTS],
            new int[count * 6]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void doubles_matchTheJvmOnEveryPairAndScale(String name, CompilerOptions o) {
    int k = DOUBLES.length;
    double[] x = new double[k * k];
    double[] y = new double[k * k];
    int[] n = new int[k * k];
    for (int i = 0; i < k * k; i++) {
      x[i] = DOUBLES[i / k];
      y[i] = DOUBLES[i % k];
      n[i] = DOUBLE_SCALES[i % DOUBLE_SCALES.length];
    }
    doubles(o, x, y, n);
  }

  /** Random pairs of all magnitudes: the remainder's reduction, scaling into subnormals. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void doubles_matchTheJvmOnRandomPairs(String name, CompilerOptions o) {
    int count = Integer.getInteger("jptx.tests.count", 512);
    double[] x = new double[count];
    double[] y = new double[count];
    int[] n = new int[count];
    for (int i = 0; i < count; i++) {
      x[i] = Double.longBitsToDouble(RANDOM.nextLong());
      // half the divisors near the dividend's magnitude, where quotients are small and ties occur
      y[i] =
          i % 2 == 0
              ? Double.longBitsToDouble(RANDOM.nextLong())
              : x[i] / (RANDOM.nextInt(1, 9) * 0.5);
      n[i] = RANDOM.nextInt(-2200, 2200);
    }
    doubles(o, x, y, n);
  }

  private static void doubles(CompilerOptions o, double[] x, double[] y, int[] n) {
    int count = x.length;
    Differential.check(
        o,
        new Differential.Case(
            JdkHelpers.class,
            "doubles",
            Launch.grid1d(count, 64),
            0,
            x,
            y,
            n,
            new double[count * JdkHelpers.DOUBLE_RESULTS],
            new long[count * 6]));
  }
}
