package dev.jptx.bench;

import static dev.jptx.bench.suite.BenchInputs.floats;
import static dev.jptx.bench.suite.BenchInputs.random;

import dev.jptx.bench.suite.BenchInputs;
import dev.jptx.bench.suite.BenchReference;
import dev.jptx.bench.suite.Compare;
import dev.jptx.runtime.Dim3;
import dev.jptx.runtime.Launch;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * reduceSum, warpReduceSum, histogram256 and scanBlock on both devices, on grids of a few blocks
 * (the JVM device is slow for barrier-heavy launches on Java 17).
 */
class ReductionsTest extends Differential {
  /** A block entirely past {@code n} must write 0.0f; n = 0 is one such block. */
  @ParameterizedTest(name = "n = {0}, {1} blocks")
  @CsvSource({"0, 1", "256, 1", "600, 4"})
  void reduceSum_treeOrderBitForBit(int n, int grid) {
    float[] in = floats(random(4), n, -1, 1);
    float[] partial = BenchInputs.floatOutput(grid);
    Launch launch = Launch.of(Dim3.of(grid), Dim3.of(Reductions.REDUCE_BLOCK));
    Runs runs = launch(launch, Reductions.class, "reduceSum", n, in, partial);
    Compare.bitExact(
        "reduceSum partial", BenchReference.reduceSum(n, in, grid, partial), runs.jvm(2));
    runs.simMatchesJvm();
  }

  /**
   * The order of the atomic additions varies, so each device is held to the README's bound around
   * the exact sum and to a tighter one around the sum of the warps' (deterministic) partial sums,
   * which catches a lost or doubled warp; the two devices to the README's bound of each other.
   */
  @ParameterizedTest(name = "n = {0}, grid {1} x block {2}")
  @CsvSource({"0, 1, 32", "100, 2, 64", "30000, 3, 96"})
  void warpReduceSum_withinTheReadmeBound(int n, int grid, int block) {
    float[] in = floats(random(5), n, -1, 1);
    float[] out = new float[1]; // the host zeroes out[0]
    Launch launch = Launch.of(Dim3.of(grid), Dim3.of(block));
    Runs runs = launch(launch, Reductions.class, "warpReduceSum", n, in, out);
    double sum = BenchReference.sum(n, in);
    double bound = BenchReference.warpReduceSumBound(n, in);
    float[] warps = BenchReference.warpSums(n, in, grid, block);
    double warpSum = 0;
    for (float w : warps) {
      warpSum += w;
    }
    double warpBound = BenchReference.warpSumsBound(warps);
    float jvm = runs.<float[]>jvm(2)[0];
    Compare.within("warpReduceSum on the jvm, vs the sum", sum, bound, jvm);
    Compare.within("warpReduceSum on the jvm, vs the warp sums", warpSum, warpBound, jvm);
    float sim = runs.<float[]>sim(2)[0];
    Compare.within("warpReduceSum on the simulator, vs the sum", sum, bound, sim);
    Compare.within("warpReduceSum on the simulator, vs the warp sums", warpSum, warpBound, sim);
    Compare.within("warpReduceSum: simulator vs jvm", jvm, bound, sim);
    Compare.bitExact(
        "warpReduceSum in: simulator vs jvm", runs.<float[]>jvm(1), runs.<float[]>sim(1));
  }

  /**
   * Random bytes plus a run of one value (contention on one shared counter), added to bins that
   * already hold counts.
   */
  @ParameterizedTest(name = "n = {0}, grid {1} x block {2}")
  @CsvSource({"0, 1, 64", "1000, 1, 32", "50000, 5, 100"})
  void histogram256_countsEveryByte(int n, int grid, int block) {
    SplittableRandom r = random(8);
    byte[] data = new byte[n];
    for (int i = 0; i < n; i++) {
      data[i] = (byte) (i % 10 == 0 ? 7 : r.nextInt(256));
    }
    int[] bins = new int[Reductions.HIST_BINS];
    for (int v = 0; v < bins.length; v++) {
      bins[v] = r.nextInt(100);
    }
    Launch launch = Launch.of(Dim3.of(grid), Dim3.of(block));
    Runs runs = launch(launch, Reductions.class, "histogram256", n, data, bins);
    Compare.bitExact("histogram256 bins", BenchReference.histogram256(n, data, bins), runs.jvm(2));
    runs.simMatchesJvm();
  }

  /** Full-range ints (sums wrap), one segment, and three with the last one partial. */
  @ParameterizedTest(name = "n = {0}")
  @CsvSource({"0", "512", "1100"})
  void scanBlock_exclusiveSegmentScan(int n) {
    int[] in = BenchInputs.ints(random(13), n);
    int[] out = BenchInputs.intOutput(n);
    int grid = Math.max(1, (n + Reductions.SCAN_ELEMS - 1) / Reductions.SCAN_ELEMS);
    Launch launch = Launch.of(Dim3.of(grid), Dim3.of(Reductions.SCAN_THREADS));
    Runs runs = launch(launch, Reductions.class, "scanBlock", n, in, out);
    Compare.bitExact("scanBlock out", BenchReference.scanBlock(n, in, out), runs.jvm(2));
    runs.simMatchesJvm();
  }
}
