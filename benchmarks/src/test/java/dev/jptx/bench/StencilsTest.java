package dev.jptx.bench;

import static dev.jptx.bench.suite.BenchInputs.floats;
import static dev.jptx.bench.suite.BenchInputs.oneD;
import static dev.jptx.bench.suite.BenchInputs.random;
import static dev.jptx.bench.suite.BenchInputs.twoD;

import dev.jptx.bench.suite.BenchInputs;
import dev.jptx.bench.suite.BenchReference;
import dev.jptx.bench.suite.Compare;
import dev.jptx.bench.suite.Contraction;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** jacobi2d and conv1d on both devices. */
class StencilsTest extends Differential {
  /** Grids with no interior (w or h below 3), a thin one, and partial blocks both ways. */
  @ParameterizedTest(name = "{0} x {1}, block {2} x {3}")
  @CsvSource({"1, 1, 16, 16", "2, 5, 8, 8", "3, 3, 2, 2", "100, 3, 32, 2", "67, 41, 16, 16"})
  void jacobi2d_interiorOnly(int w, int h, int blockX, int blockY) {
    float[] in = floats(random(12), w * h, -3, 3);
    float[] out = BenchInputs.floatOutput(w * h);
    Runs runs = launch(twoD(w, h, blockX, blockY), Stencils.class, "jacobi2d", w, h, in, out);
    Compare.bitExact("jacobi2d out", BenchReference.jacobi2d(w, h, in, out), runs.jvm(3));
    runs.simMatchesJvm();
  }

  /** Sizes below the filter's width leave out terms at both ends at once. */
  @ParameterizedTest(name = "n = {0}")
  @ValueSource(ints = {0, 1, 3, 4, 9, 10000})
  void conv1d_zeroPaddedTapsInOrder(int n) {
    SplittableRandom r = random(17);
    float[] in = floats(r, n, -1, 1);
    float[] w = floats(r, Stencils.CONV_TAPS, -1, 1);
    float[] out = BenchInputs.floatOutput(n);
    Runs runs = launch(oneD(n, 128, 0), Stencils.class, "conv1d", n, in, w, out);
    Compare.bitExact(
        "conv1d out", BenchReference.conv1d(n, in, w, out, Contraction.UNFUSED), runs.jvm(3));
    runs.simMatchesJvm();
  }
}
