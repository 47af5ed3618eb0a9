package dev.jptx.compiler.differential;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testkernels.JdkMath;
import dev.jptx.runtime.Launch;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JDK intrinsics give the JVM's results bit for bit on edge values: every pair of a list of
 * edge inputs (zeros of both signs, NaNs with payloads, infinities, subnormals, extremes, rotation
 * counts out of range) runs through {@link JdkMath} on the jvm device and on the simulator.
 */
class JdkIntrinsicsOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90 maxreg=24",
        "-O0 sm_75",
        "-O3 sm_90",
        "-O3 sm_52",
        "-O0 sm_60",
        Configurations.OUTLINED_EVERYWHERE);
  }

  private static final SplittableRandom RANDOM = new SplittableRandom(7);

  private static final int[] INTS = {
    0,
    1,
    -1,
    2,
    Integer.MIN_VALUE,
    Integer.MAX_VALUE,
    0x8000_0001,
    0x1234_5678,
    0xF0F0_F0F0,
    0x0001_0000,
    0x7FFF_0000,
    0x0000_8000,
    RANDOM.nextInt(),
    RANDOM.nextInt()
  };

  private static final int[] COUNTS = {
    0, 1, 5, 31, 32, 33, 63, 64, 65, -1, -31, -32, -64, Integer.MIN_VALUE, Integer.MAX_VALUE
  };

  private static final long[] LONGS = {
    0,
    1,
    -1,
    Long.MIN_VALUE,
    Long.MAX_VALUE,
    0x8000_0000_0000_0001L,
    0x0123_4567_89AB_CDEFL,
    1L << 32,
    0xFFFF_FFFFL,
    0xFFFF_FFFF_0000_0000L,
    Integer.MIN_VALUE,
    1L << 62,
    RANDOM.nextLong(),
    RANDOM.nextLong()
  };

  private static final float[] FLOATS = {
    Float.NaN,
    Float.intBitsToFloat(0x7F80_0001), // signalling NaN
    Float.intBitsToFloat(0xFFC1_2345), // negative NaN with a payload
    0.0f,
    -0.0f,
    1.0f,
    -1.0f,
    0.5f,
    -2.5f,
    Math.nextUp(1.0f),
    Float.MIN_VALUE,
    -Float.MIN_VALUE,
    Float.MIN_NORMAL,
    Float.MAX_VALUE,
    -Float.MAX_VALUE,
    Float.POSITIVE_INFINITY,
    Float.NEGATIVE_INFINITY,
    3.0e-39f, // subnormal
    (float) RANDOM.nextDouble()
  };

  private static final double[] DOUBLES = {
    Double.NaN,
    Double.longBitsToDouble(0x7FF0_0000_0000_0001L), // signalling NaN
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
    0.49999999999999994,
    -0.49999999999999994,
    4503599627370495.5, // 2^52 - 0.5: the largest with a fraction
    -4503599627370497.0, // -(2^52 + 1): already integral
    0x1p53,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    1e300,
    -1e-300,
    2.0,
    RANDOM.nextDouble() * 1e6
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void integerMethods_matchTheJvmOnEveryValueAndCount(String name, CompilerOptions o) {
    int n = INTS.length * COUNTS.length;
    int[] x = new int[n];
    int[] counts = new int[n];
    for (int i = 0; i < n; i++) {
      x[i] = INTS[i / COUNTS.length];
      counts[i] = COUNTS[i % COUNTS.length];
    }
    Differential.check(
        o,
        new Differential.Case(
            JdkMath.class,
            "intBits",
            Launch.grid1d(n, 64),
            0,
            x,
            counts,
            new int[n * JdkMath.INT_RESULTS]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void shortBits(String name, CompilerOptions o) {
    Differential.check(
        o,
        new Differential.Case(
            JdkMath.class,
            "shortBits",
            Launch.grid1d(INTS.length, 64),
            0,
            INTS.clone(),
            new int[INTS.length * JdkMath.SHORT_RESULTS]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void longMethods_matchTheJvmOnEveryValueAndCount(String name, CompilerOptions o) {
    int n = LONGS.length * COUNTS.length;
    long[] x = new long[n];
    long[] y = new long[n];
    int[] counts = new int[n];
    for (int i = 0; i < n; i++) {
      x[i] = LONGS[i / COUNTS.length];
      y[i] = LONGS[(i * 5 + 3) % LONGS.length];
      counts[i] = COUNTS[i % COUNTS.length];
    }
    Differential.check(
        o,
        new Differential.Case(
            JdkMath.class,
            "longBits",
            Launch.grid1d(n, 64),
            0,
            x,
            y,
            counts,
            new long[n * JdkMath.LONG_RESULTS]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void floatMethods_matchTheJvmOnEveryPair(String name, CompilerOptions o) {
    int k = FLOATS.length;
    float[] x = new float[k * k];
    float[] y = new float[k * k];
    for (int i = 0; i < k * k; i++) {
      x[i] = FLOATS[i / k];
      y[i] = FLOATS[i % k];
    }
    Differential.check(
        o,
        new Differential.Case(
            JdkMath.class,
            "floatOps",
            Launch.grid1d(k * k, 64),
            0,
            x,
            y,
            new int[k * k * JdkMath.FLOAT_RESULTS],
            new float[k * k]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void doubleMethods_matchTheJvmOnEveryPair(String name, CompilerOptions o) {
    int k = DOUBLES.length;
    double[] x = new double[k * k];
    double[] y = new double[k * k];
    for (int i = 0; i < k * k; i++) {
      x[i] = DOUBLES[i / k];
      y[i] = DOUBLES[i % k];
    }
    Differential.check(
        o,
        new Differential.Case(
            JdkMath.class,
            "doubleOps",
            Launch.grid1d(k * k, 128),
            0,
            x,
            y,
            new long[k * k * JdkMath.DOUBLE_RESULTS],
            new double[k * k]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void fma_roundsOnce(String name, CompilerOptions o) {
    int n = 256;
    float[] a = new float[n];
    float[] b = new float[n];
    float[] c = new float[n];
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = (float) (RANDOM.nextDouble() * 4 - 2);
      b[i] = (float) (RANDOM.nextDouble() * 4 - 2);
      c[i] = -a[i] * b[i]; // the product's rounding error is all a fused result keeps
      d[i] = RANDOM.nextDouble() * 1e3;
    }
    // (1 + 2^-23)(1 - 2^-23) - 1 is -2^-46 fused, 0 after a rounded product
    a[0] = Math.nextUp(1.0f);
    b[0] = 1.0f - 0x1p-23f;
    c[0] = -1.0f;
    a[1] = Float.MAX_VALUE;
    b[1] = 2.0f;
    c[1] = Float.NEGATIVE_INFINITY;
    Differential.check(
        o,
        new Differential.Case(
            JdkMath.class, "fused", Launch.grid1d(n, 64), 0, a, b, c, d, new int[n], new long[n]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void constantArguments_foldOrComputeToTheJvmsResults(String name, CompilerOptions o) {
    Differential.check(
        o,
        new Differential.Case(
            JdkMath.class, "constants", Launch.grid1d(1, 1), 0, new int[14], new long[14]));
  }
}
