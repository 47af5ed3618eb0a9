package dev.jptx.compiler.libdevice;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Hyperbolic} against the decimal reference over random inputs: uniform over the range where
 * the results are finite and not yet +-1, uniform in exponent, next to the overflow thresholds and
 * tiny. The bound is {@link Math}'s: 2.5 ulp.
 */
class HyperbolicAccuracyTest {
  private static final int N = ExpLogUlpTracker.count(25000, 2);

  /** The sinh/cosh overflow threshold, about 710.4758600739439. */
  private static final double OVER = 710.4758600739439;

  private static double input(SplittableRandom r, int i, double range) {
    double v;
    switch (i % 4) {
      case 0:
        v = r.nextDouble() * range;
        break;
      case 1:
        v = Math.scalb(1.0 + r.nextDouble(), r.nextInt(-30, 10));
        break;
      case 2:
        v = OVER - 0.01 + r.nextDouble() * 0.02;
        break;
      default:
        v = Math.scalb(1.0 + r.nextDouble(), r.nextInt(-1074, -25));
        break;
    }
    return r.nextBoolean() ? v : -v;
  }

  private interface Fn {
    double apply(double x);
  }

  private interface Ref {
    BigDecimal apply(BigDecimal x);
  }

  private static void run(String name, Fn f, Ref ref, double range, long seed) {
    ExpLogUlpTracker t = new ExpLogUlpTracker(name, 2.5);
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < N; i++) {
      double x = input(r, i, range);
      if (Math.abs(x) > 711) {
        continue;
      }
      t.check(f.apply(x), ref.apply(new BigDecimal(x)), x, Double.NaN);
    }
    t.report();
  }

  @Test
  void sinh() {
    run("sinh", Hyperbolic::sinh, ExpLogReference::sinh, 711, 11);
  }

  @Test
  void cosh() {
    run("cosh", Hyperbolic::cosh, ExpLogReference::cosh, 711, 12);
  }

  @Test
  void tanh() {
    run("tanh", Hyperbolic::tanh, ExpLogReference::tanh, 25, 13);
  }
}
