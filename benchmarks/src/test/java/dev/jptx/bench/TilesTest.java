package dev.jptx.bench;

import static dev.jptx.bench.suite.BenchInputs.floats;
import static dev.jptx.bench.suite.BenchInputs.random;

import dev.jptx.bench.suite.BenchInputs;
import dev.jptx.bench.suite.BenchReference;
import dev.jptx.bench.suite.Compare;
import dev.jptx.bench.suite.Contraction;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * sgemmTiled and transpose on both devices. Grids stay at a few blocks: on Java 17 the JVM device
 * switches threads at every barrier, which makes large barrier-heavy launches slow.
 */
class TilesTest extends Differential {
  /** One tile, and 2 x 2 blocks summing over two tiles. */
  @ParameterizedTest(name = "n = {0}")
  @ValueSource(ints = {16, 32})
  void sgemmTiled_productInKOrder(int n) {
    SplittableRandom r = random(6);
    float[] a = floats(r, n * n, -1, 1);
    float[] b = floats(r, n * n, -1, 1);
    float[] c = BenchInputs.floatOutput(n * n);
    int tile = Tiles.GEMM_TILE;
    Launch launch = Launch.of(Dim3.of(n / tile, n / tile), Dim3.of(tile, tile));
    Runs runs = launch(launch, Tiles.class, "sgemmTiled", n, a, b, c);
    Compare.bitExact(
        "sgemmTiled c", BenchReference.sgemmTiled(n, a, b, c, Contraction.UNFUSED), runs.jvm(3));
    runs.simMatchesJvm();
  }

  /** A single element, one row, one column, and partial tiles in both directions. */
  @ParameterizedTest(name = "{0} x {1}")
  @CsvSource({"1, 1", "1, 40", "33, 1", "45, 70"})
  void transpose_copiesEveryElement(int rows, int cols) {
    float[] in = BenchInputs.withSpecials(floats(random(7), rows * cols, -5, 5));
    float[] out = BenchInputs.floatOutput(rows * cols);
    int tile = Tiles.TRANSPOSE_TILE;
    Launch launch =
        Launch.of(
            Dim3.of((cols + tile - 1) / tile, (rows + tile - 1) / tile),
            Dim3.of(tile, Tiles.TRANSPOSE_ROWS));
    Runs runs = launch(launch, Tiles.class, "transpose", rows, cols, in, out);
    Compare.bitExact("transpose out", BenchReference.transpose(rows, cols, in, out), runs.jvm(3));
    runs.simMatchesJvm();
  }
}
