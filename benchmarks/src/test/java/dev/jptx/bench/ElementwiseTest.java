package dev.jptx.bench;

import static dev.jptx.bench.suite.BenchInputs.floats;
import static dev.jptx.bench.suite.BenchInputs.oneD;
import static dev.jptx.bench.suite.BenchInputs.padded;
import static dev.jptx.bench.suite.BenchInputs.random;
import static dev.jptx.bench.suite.BenchInputs.withSpecials;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.bench.suite.BenchInputs;
import dev.jptx.bench.suite.BenchReference;
import dev.jptx.bench.suite.Compare;
import dev.jptx.bench.suite.Contraction;
import dev.jptx.runtime.Launch;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** vecAdd, saxpy, daxpy, bitonicStep, hash64 and polyA/B/C on both devices. */
class ElementwiseTest extends Differential {
  @ParameterizedTest(name = "n = {0}, block {1}, {2} spare blocks")
  @CsvSource({"0, 128, 0", "1, 1, 1", "1000, 256, 1", "10000, 96, 0"})
  void vecAdd_wrapsLikeTheReference(int n, int block, int spare) {
    SplittableRandom r = random(1);
    int[] a = BenchInputs.ints(r, n);
    int[] b = BenchInputs.ints(r, n);
    int[] c = BenchInputs.intOutput(n);
    Runs runs = launch(oneD(n, block, spare), Elementwise.class, "vecAdd", n, a, b, c);
    Compare.bitExact("vecAdd c", BenchReference.vecAdd(n, a, b, c), runs.jvm(3));
    runs.simMatchesJvm();
  }

  @ParameterizedTest(name = "n = {0}, block {1}")
  @CsvSource({"0, 128", "1, 32", "10, 32", "10001, 128"})
  void saxpy_unfusedBitForBit(int n, int block) {
    SplittableRandom r = random(2);
    float a = 1.7f;
    float[] x = withSpecials(floats(r, n, -10, 10));
    float[] y = padded(floats(r, n, -10, 10));
    Runs runs = launch(oneD(n, block, 0), Elementwise.class, "saxpy", n, a, x, y);
    Compare.bitExact("saxpy y", BenchReference.saxpy(n, a, x, y, Contraction.UNFUSED), runs.jvm(3));
    runs.simMatchesJvm();
  }

  @ParameterizedTest(name = "n = {0}, block {1}")
  @CsvSource({"0, 64", "1, 32", "7777, 96"})
  void daxpy_unfusedBitForBit(int n, int block) {
    SplittableRandom r = random(3);
    double a = -0.3;
    double[] x = new double[n];
    double[] y = new double[n + BenchInputs.PAD];
    Arrays.fill(y, BenchInputs.SENTINEL);
    for (int i = 0; i < n; i++) {
      x[i] = r.nextDouble(-10, 10);
      y[i] = r.nextDouble(-10, 10);
    }
    if (n > 3) {
      x[0] = Double.NaN;
      x[1] = Double.POSITIVE_INFINITY;
      y[2] = -0.0;
      x[2] = 0.0;
      x[3] = Double.MIN_VALUE;
    }
    Runs runs = launch(oneD(n, block, 0), Elementwise.class, "daxpy", n, a, x, y);
    Compare.bitExact("daxpy y", BenchReference.daxpy(n, a, x, y, Contraction.UNFUSED), runs.jvm(3));
    runs.simMatchesJvm();
  }

  /** The README's driver: every step of a full sort, each launch of {@code n} threads. */
  @ParameterizedTest(name = "n = {0}, block {1}")
  @CsvSource({"1, 32", "2, 1", "256, 96", "1024, 256"})
  void bitonicStep_fullSortAscends(int n, int block) {
    SplittableRandom r = random(18);
    int[] data = new int[n];
    for (int i = 0; i < n; i++) {
      data[i] = r.nextInt(-1000, 1001);
    }
    if (n > 5) {
      data[5] = Integer.MIN_VALUE;
      data[n / 2] = Integer.MAX_VALUE;
    }
    Launch launch = oneD(n, block, 0);
    Runs runs =
        run(
            Elementwise.class,
            "bitonicStep sort of " + n,
            device -> {
              int[] d = data.clone();
              for (int k = 2; k <= n; k *= 2) {
                for (int j = k / 2; j > 0; j /= 2) {
                  device.launch(launch, Elementwise.class, "bitonicStep", n, j, k, d);
                }
              }
              return new Object[] {d};
            });
    int[] sorted = data.clone();
    Arrays.sort(sorted);
    Compare.bitExact("bitonic sort", sorted, runs.jvm(0));
    runs.simMatchesJvm();
  }

  /** Single steps, each against the sequential compare-exchange. */
  @ParameterizedTest(name = "j = {0}, k = {1}")
  @CsvSource({"1, 2", "4, 8", "16, 64", "256, 1024", "512, 1024"})
  void bitonicStep_oneStepMatchesTheReference(int j, int k) {
    int n = 1024;
    int[] data = BenchInputs.ints(random(180 + j), n);
    Runs runs = launch(oneD(n, 128, 1), Elementwise.class, "bitonicStep", n, j, k, data);
    int[] expected = data.clone();
    BenchReference.bitonicStep(n, j, k, expected);
    Compare.bitExact("bitonicStep data", expected, runs.jvm(3));
    runs.simMatchesJvm();
  }

  @ParameterizedTest(name = "n = {0}")
  @ValueSource(ints = {0, 1, 5000})
  void hash64_splitmix64Finalizer(int n) {
    SplittableRandom r = random(19);
    long[] in = new long[n];
    for (int i = 0; i < n; i++) {
      in[i] = r.nextLong();
    }
    if (n > 0) {
      in[0] = 0x9e3779b97f4a7c15L; // the README's test vector
    }
    if (n > 2) {
      in[1] = 0;
      in[2] = -1;
    }
    long[] out = BenchInputs.longOutput(n);
    Runs runs = launch(oneD(n, 256, 1), Elementwise.class, "hash64", n, in, out);
    long[] expected = BenchReference.hash64(n, in, out);
    if (n > 0) {
      assertEquals(0xe220a8397b1dcdafL, expected[0], "the README's test vector");
    }
    Compare.bitExact("hash64 out", expected, runs.jvm(2));
    runs.simMatchesJvm();
  }

  @ParameterizedTest(name = "poly{0}, n = {1}")
  @CsvSource({"A, 0", "A, 10000", "B, 1", "B, 10000", "C, 33", "C, 10000"})
  void poly_hornerUnfusedBitForBit(char variant, int n) {
    SplittableRandom r = random(20);
    float[] x = withSpecials(floats(r, n, -2, 2));
    float[] y = BenchInputs.floatOutput(n);
    Runs runs = launch(oneD(n, 256, 0), Elementwise.class, "poly" + variant, n, x, y);
    Compare.bitExact(
        "poly" + variant + " y",
        BenchReference.poly(variant, n, x, y, Contraction.UNFUSED),
        runs.jvm(2));
    runs.simMatchesJvm();
  }
}
