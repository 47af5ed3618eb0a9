package dev.jptx.compiler.libdevice.fdlibm;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jptx.compiler.diag.Diagnostics;
import dev.jptx.compiler.driver.ClassResult;
import dev.jptx.compiler.driver.CompilerOptions;
import dev.jptx.compiler.driver.DumpSink;
import dev.jptx.compiler.driver.Pipeline;
import dev.jptx.compiler.frontend.classes.ClassFiles;
import dev.jptx.compiler.testing.Configurations;
import dev.jptx.compiler.testing.Differential;
import dev.jptx.compiler.testing.TestClasses;
import dev.jptx.runtime.Launch;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A kernel calling {@code StrictMath} compiles to jptx's FDLIBM library, whose PTX on the simulator
 * gives the JVM's {@code StrictMath} bits: a sample of special values, thresholds, arguments next
 * to multiples of pi/2 and huge ones, and random doubles, in several configurations.
 */
class StrictMathOnSimulatorTest {
  private static final int N = 384;

  static Stream<Arguments> configurations() {
    return Configurations.of("-O3 sm_90 maxreg=24", "-O0 sm_75", "-O3 sm_90");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void strictMathOnTheSimulator_isTheJvmBitForBit(String name, CompilerOptions o) {
    List<Double> chosen = new ArrayList<>(StrictInputs.specials());
    chosen.addAll(sample(StrictInputs.boundaries(), 80));
    chosen.addAll(sample(StrictInputs.trigHard(), 60));
    SplittableRandom r = new SplittableRandom(2);
    double[] x = new double[N];
    double[] y = new double[N];
    for (int i = 0; i < N; i++) {
      x[i] = i < chosen.size() ? chosen.get(i) : StrictInputs.random(r, i);
      y[i] =
          i % 3 == 0
              ? StrictInputs.exponent(r, i)
              : chosen.get((i * 37 + 11) % chosen.size()) * (i % 2 == 0 ? 1 : 0.25);
    }
    Differential.check(
        o,
        new Differential.Case(
            StrictMathKernels.class,
            "strict",
            Launch.grid1d(N, 64),
            0,
            x,
            y,
            new long[N * StrictMathKernels.RESULTS]));
  }

  /**
   * The calls go to the FDLIBM classes, not to the accurate library, and nothing is contracted into
   * an {@code fma} (FDLIBM rounds every product on its own), with the build's fast math too.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("configurations")
  void strictMath_compilesToFdlibmWithoutFma(String name, CompilerOptions o) {
    for (CompilerOptions options : List.of(o, o.withFastMath(true))) {
      Diagnostics d = new Diagnostics();
      ClassResult r =
          new Pipeline(options, DumpSink.NONE)
              .compile(
                  ClassFiles.readKnownGood(TestClasses.bytes(StrictMathKernels.class.getName())),
                  TestClasses.classPath(),
                  d);
      assertTrue(r.succeeded(), d.all().toString());
      for (String ptx : r.modules().values()) {
        if (name.contains("-O0")) { // nothing inlined: the device functions keep their names
          for (String f : List.of("FdlibmTrig_sin", "FdlibmPow_pow", "FdlibmHypot_hypot")) {
            assertTrue(ptx.contains(f), f);
          }
        }
        // the accurate library forms exact products with fma; FDLIBM never does
        assertFalse(ptx.contains("fma."), "no fused multiply-add");
      }
    }
  }

  /** Every k-th element, so that {@code count} of them remain. */
  private static List<Double> sample(List<Double> all, int count) {
    List<Double> s = new ArrayList<>();
    int step = Math.max(1, all.size() / count);
    for (int i = 0; i < all.size() && s.size() < count; i += step) {
      s.add(all.get(i));
    }
    return s;
  }
}
