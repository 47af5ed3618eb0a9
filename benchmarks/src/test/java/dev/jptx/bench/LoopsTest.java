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

/** mandelbrot, spmvCsr and dotLoop on both devices. */
class LoopsTest extends Differential {
  /**
   * Bit-exact: neither side contracts, so escape counts agree even at the set's boundary. The views
   * cover the whole set, a zoom into the boundary, an empty image and {@code maxIter = 0}.
   */
  @ParameterizedTest(name = "{0} x {1}, maxIter {2}, block {7} x {8}")
  @CsvSource({
    "100, 70, 64, -2.0, -1.2, 0.03, 0.0342857, 16, 8",
    "45, 33, 200, -0.75, 0.1, 0.0005, 0.0005, 32, 4",
    "17, 5, 0, -2.0, -1.0, 0.1, 0.1, 8, 8",
    "0, 9, 10, 0.0, 0.0, 0.1, 0.1, 16, 16",
    "9, 0, 10, 0.0, 0.0, 0.1, 0.1, 16, 16"
  })
  void mandelbrot_escapeCountsBitForBit(
      int width,
      int height,
      int maxIter,
      float x0,
      float y0,
      float dx,
      float dy,
      int blockX,
      int blockY) {
    int[] iters = BenchInputs.intOutput(width * height);
    Runs runs =
        launch(
            twoD(width, height, blockX, blockY),
            Loops.class,
            "mandelbrot",
            width,
            height,
            maxIter,
            x0,
            y0,
            dx,
            dy,
            iters);
    int[] expected =
        BenchReference.mandelbrot(
            width, height, maxIter, x0, y0, dx, dy, iters, Contraction.UNFUSED);
    Compare.bitExact("mandelbrot iters", expected, runs.jvm(7));
    runs.simMatchesJvm();
  }

  /** Rows of 0 to 20 entries, some empty, over 500 columns. */
  @ParameterizedTest(name = "{0} rows, block {1}")
  @CsvSource({"0, 128", "1, 32", "3000, 128"})
  void spmvCsr_rowSumsInOrder(int rows, int block) {
    SplittableRandom r = random(14);
    int cols = 500;
    int[] rowPtr = new int[rows + 1];
    for (int row = 0; row < rows; row++) {
      rowPtr[row + 1] = rowPtr[row] + (row % 50 == 0 ? 0 : r.nextInt(21));
    }
    if (rows == 1) {
      rowPtr[1] = 20; // the one row is not empty
    }
    int nnz = rowPtr[rows];
    int[] colIdx = new int[nnz];
    for (int k = 0; k < nnz; k++) {
      colIdx[k] = r.nextInt(cols);
    }
    float[] vals = floats(r, nnz, -1, 1);
    float[] x = floats(r, cols, -1, 1);
    float[] y = BenchInputs.floatOutput(rows);
    Runs runs =
        launch(oneD(rows, block, 0), Loops.class, "spmvCsr", rows, rowPtr, colIdx, vals, x, y);
    Compare.bitExact(
        "spmvCsr y",
        BenchReference.spmvCsr(rows, rowPtr, colIdx, vals, x, y, Contraction.UNFUSED),
        runs.jvm(5));
    runs.simMatchesJvm();
  }

  /** Trip counts of 0, 1 and 37 (not a multiple of any unroll factor). */
  @ParameterizedTest(name = "n = {0}, m = {1}, block {2}")
  @CsvSource({"0, 37, 64", "100, 0, 64", "33, 1, 32", "2000, 37, 64"})
  void dotLoop_rowDotsInOrder(int n, int m, int block) {
    SplittableRandom r = random(15);
    float[] a = floats(r, n * m, -1, 1);
    float[] b = floats(r, m, -1, 1);
    float[] out = BenchInputs.floatOutput(n);
    Runs runs = launch(oneD(n, block, 0), Loops.class, "dotLoop", n, m, a, b, out);
    Compare.bitExact(
        "dotLoop out", BenchReference.dotLoop(n, m, a, b, out, Contraction.UNFUSED), runs.jvm(4));
    runs.simMatchesJvm();
  }
}
