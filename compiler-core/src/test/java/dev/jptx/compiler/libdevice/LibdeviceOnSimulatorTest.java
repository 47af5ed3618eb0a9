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
 * jptx compiles the trigonometric, inverse trigonometric and root functions into PTX that gives the
 * JVM's results bit for bit on the simulator (huge arguments for the Payne–Hanek path, special
 * values, random doubles).
 */
class LibdeviceOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of("-O3 sm_90 maxreg=24", "-O0 sm_75", "-O3 sm_90");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void mathLibrary_matchesTheJvm(String name, CompilerOptions o) {
    double[] fixed = {
      0.0,
      -0.0,
      1.0,
      -1.0,
      0.5,
      2.0,
      1e300,
      -1e300,
      Double.MAX_VALUE,
      6381956970095103.0 * 0x1p797,
      Double.MIN_VALUE,
      Double.MIN_NORMAL,
      Double.NaN,
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY,
      1e22,
      100.0,
      0x1p28,
      27.0,
      -0.3
    };
    SplittableRandom r = new SplittableRandom(5);
    int n = 512;
    double[] x = new double[n];
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      if (i < fixed.length * fixed.length) {
        x[i] = fixed[i / fixed.length];
        y[i] = fixed[i % fixed.length];
      } else if (i % 2 == 0) {
        x[i] = Double.longBitsToDouble(r.nextLong());
        y[i] = Double.longBitsToDouble(r.nextLong());
      } else {
        x[i] = r.nextDouble() * 20 - 10;
        y[i] = r.nextDouble() * 2 - 1;
      }
    }
    Differential.check(
        o,
        new Differential.Case(
            LibdeviceKernels.class,
            "math",
            Launch.grid1d(n, 128),
            0,
            x,
            y,
            new long[n * LibdeviceKernels.RESULTS]));
  }
}
