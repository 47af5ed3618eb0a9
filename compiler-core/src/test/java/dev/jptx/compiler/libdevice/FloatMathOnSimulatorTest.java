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
 * jptx compiles {@link FloatMath}'s single-precision algorithms into PTX that gives their Java
 * form's results bit for bit on the simulator: special values, both reduction paths (Cody–Waite
 * and, from 105615, Payne–Hanek up to the largest float), both branches of {@code tanh}, and random
 * bit patterns.
 */
class FloatMathOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of("-O3 sm_90 maxreg=24", "-O0 sm_75", "-O3 sm_90");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void floatMath_matchesItsJavaForm(String name, CompilerOptions o) {
    float[] fixed = {
      0f,
      -0f,
      1f,
      -1f,
      0.5625f,
      -0.5625f,
      9.5f,
      Float.MIN_VALUE,
      Float.MIN_NORMAL,
      Float.MAX_VALUE,
      -Float.MAX_VALUE,
      Float.NaN,
      Float.POSITIVE_INFINITY,
      Float.NEGATIVE_INFINITY,
      105615f,
      105614.99f,
      0x1.921fb6p0f,
      1e30f,
      -3e7f,
      0.7853982f,
      0.5625f,
      0.56250006f,
      -0.99999994f,
      1.0000001f,
      0x1p60f,
      -0x1p61f,
      0.25f,
      -0.25f,
      0x1p24f,
      88.72f
    };
    SplittableRandom r = new SplittableRandom(6);
    int n = 1024;
    float[] x = new float[n];
    for (int i = 0; i < n; i++) {
      if (i < fixed.length) {
        x[i] = fixed[i];
      } else if (i % 3 == 0) {
        x[i] = Float.intBitsToFloat(r.nextInt());
      } else if (i % 3 == 1) {
        x[i] = (float) (i % 2 == 0 ? r.nextDouble() * 40 - 20 : r.nextDouble() * 2 - 1);
      } else {
        x[i] = (float) (r.nextDouble() * 4e5 - 2e5);
      }
    }
    Differential.check(
        o,
        new Differential.Case(
            FloatMathKernels.class,
            "floatMath",
            Launch.grid1d(n, 128),
            0,
            x,
            new int[n * FloatMathKernels.RESULTS]));
  }
}
