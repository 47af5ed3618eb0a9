package dev.jptx.bench;

import dev.jptx.bench.suite.BenchInputs;
import dev.jptx.bench.suite.BenchReference;
import dev.jptx.bench.suite.Compare;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** haxpy2 on both devices, against an exact binary16 fused multiply-add. */
class Half2Test extends Differential {
  /**
   * Halves in [-4, 4], plus subnormal lanes, signed zeros and lanes that overflow to infinity in
   * the first words ({@link BenchInputs#haxpy2(int, int)}, the runtime's bench data).
   */
  @ParameterizedTest(name = "n2 = {0}")
  @ValueSource(ints = {0, 1, 5000})
  void haxpy2_roundsOncePerLane(int n2) {
    var in = BenchInputs.haxpy2(n2, 1);
    int a2 = in.a2();
    int[] x = in.x();
    int[] y = in.y();
    Runs runs = launch(in.launch(), Half2.class, "haxpy2", n2, a2, x, y);
    Compare.bitExact("haxpy2 y", BenchReference.haxpy2Exact(n2, a2, x, y), runs.jvm(3));
    runs.simMatchesJvm();
  }
}
