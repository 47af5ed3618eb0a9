package dev.jptx.bench;

import static dev.jptx.bench.Data.oneD;
import static dev.jptx.bench.Data.random;
import static dev.jptx.bench.Data.uniform;

import dev.jptx.Gpu;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** haxpy2 on both devices, against an exact binary16 fused multiply-add. */
class Half2Test extends Differential {
  /**
   * Halves in [-4, 4], plus subnormal lanes, signed zeros and lanes that overflow to infinity in
   * the first words.
   */
  @ParameterizedTest(name = "n2 = {0}")
  @ValueSource(ints = {0, 1, 5000})
  void haxpy2_roundsOncePerLane(int n2) {
    SplittableRandom r = random(16);
    // a negative low lane and a positive high lane, so that the edge words get both signs
    int a2 = Gpu.packHalf2(uniform(r, -4, -1), uniform(r, 1, 4));
    int[] x = new int[n2];
    int[] y = new int[n2 + Data.PAD];
    Arrays.fill(y, Data.INT_SENTINEL);
    for (int i = 0; i < n2; i++) {
      x[i] = Gpu.packHalf2(uniform(r, -4, 4), uniform(r, -4, 4));
      y[i] = Gpu.packHalf2(uniform(r, -4, 4), uniform(r, -4, 4));
    }
    if (n2 > 3) {
      x[0] = 0x0001_0001; // the smallest subnormals
      y[0] = 0x8003_0002;
      x[1] = 0x03ff_83ff; // the largest subnormals
      y[1] = 0x0001_8001;
      x[2] = 0x8000_8000; // a2 * -0 is +0 in the low lane, -0 in the high one; plus -0 ...
      y[2] = 0x8000_8000; // ... gives +0 and -0: the sign of an exact zero sum
      x[3] = Gpu.packHalf2(-65504f, -65504f); // the largest finite: overflow to +inf and -inf
      y[3] = 0;
    }
    Runs runs = launch(oneD(n2, 256, 1), Half2.class, "haxpy2", n2, a2, x, y);
    Compare.bitExact("haxpy2 y", Reference.haxpy2(n2, a2, x, y), runs.jvm(3));
    runs.simMatchesJvm();
  }
}
