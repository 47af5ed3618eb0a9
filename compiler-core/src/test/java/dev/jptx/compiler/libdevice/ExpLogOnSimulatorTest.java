package dev.jptx.compiler.libdevice;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.runtime.Launch;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * jptx compiles the exp/log family and the hyperbolics, and the PTX gives the JVM's bits (on the
 * simulator) on special values and random arguments across each function's range.
 */
class ExpLogOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of("-O3 sm_90 maxreg=24", "-O0 sm_75", "-O3 sm_90");
  }

  private static final double[] SPECIAL = {
    Double.NaN,
    0.0,
    -0.0,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MAX_VALUE,
    1.0,
    -1.0,
    2.0,
    0.5,
    -8.0,
    709.782712893384,
    710.0,
    -745.1332191019411,
    -740.0,
    1e-300,
    0x1p-54,
    -1.0 + 0x1p-53,
    22.0,
    -40.0,
  };

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void libraryOnTheSimulator_isTheJvmBitForBit(String name, CompilerOptions o) {
    SplittableRandom r = new SplittableRandom(21);
    int n = 96;
    double[] x = new double[n];
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      if (i < SPECIAL.length) {
        x[i] = SPECIAL[i];
        y[i] = SPECIAL[(i * 7 + 3) % SPECIAL.length];
      } else if (i % 3 == 0) {
        x[i] = -750 + r.nextDouble() * 1460;
        y[i] = r.nextDouble() * 4 - 2;
      } else if (i % 3 == 1) {
        x[i] = Math.scalb(r.nextDouble(), r.nextInt(-1074, 1024));
        y[i] = r.nextInt(-40, 40);
      } else {
        x[i] = -Math.scalb(r.nextDouble(), -r.nextInt(60));
        y[i] = r.nextInt(-9, 10);
      }
    }
    Differential.check(
        o,
        new Differential.Case(
            ExpLogKernels.class,
            "all",
            Launch.grid1d(n, 32),
            0,
            x,
            y,
            new long[n * ExpLogKernels.RESULTS]));
  }
}
