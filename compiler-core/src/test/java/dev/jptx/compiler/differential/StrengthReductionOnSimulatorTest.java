package dev.jptx.compiler.differential;

import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.RandomArrays;
import dev.jptx.compiler.testkernels.AffineLoops;
import dev.jptx.runtime.Launch;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Loops with affine indices and values give the JVM's results with strength reduction ({@code
 * -O3}), without it, and unoptimized; the inputs make the 32-bit index arithmetic wrap.
 */
class StrengthReductionOnSimulatorTest {
  static Stream<Arguments> configurations() {
    return Configurations.of(
        "-O3 sm_90 maxreg=24", "-O3 sm_90", "-O3 sm_75 disable-strength-reduce", "-O0 sm_75");
  }

  private static final RandomArrays RANDOM = new RandomArrays(7);

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void wrappingValues(String name, CompilerOptions o) {
    for (int m : new int[] {3, 0x12345678, Integer.MIN_VALUE + 5, -0x7654321}) {
      Differential.check(
          o,
          new Differential.Case(
              AffineLoops.class,
              "wrappingValues",
              Launch.grid1d(40, 32),
              0,
              new int[37 * 23],
              23,
              m,
              Integer.MAX_VALUE - 11));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void stridedSums(String name, CompilerOptions o) {
    Differential.check(
        o,
        new Differential.Case(
            AffineLoops.class,
            "stridedSums",
            Launch.grid1d(64, 32),
            0,
            RANDOM.floats(1000, -4, 4),
            new float[50],
            50));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void nearLimit(String name, CompilerOptions o) {
    for (int[] range : new int[][] {{Integer.MAX_VALUE - 9, Integer.MAX_VALUE}, {-4, 5}}) {
      Differential.check(
          o,
          new Differential.Case(
              AffineLoops.class,
              "nearLimit",
              Launch.grid1d(8, 8),
              0,
              new int[6 * (range[1] - range[0])],
              6,
              range[0],
              range[1]));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void nested(String name, CompilerOptions o) {
    for (int m : new int[] {1, 0x40000001}) {
      Differential.check(
          o,
          new Differential.Case(
              AffineLoops.class, "nested", Launch.grid1d(4, 4), 0, new int[9 * 11], 9, 11, m));
    }
  }
}
