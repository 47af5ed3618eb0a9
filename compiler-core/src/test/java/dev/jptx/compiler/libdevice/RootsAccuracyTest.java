package dev.jptx.compiler.libdevice;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * cbrt and hypot (1 ulp, java.lang.Math's bound) against the BigDecimal reference on every
 * exponent, subnormals and the extremes of the range; perfect cubes have exact roots.
 */
class RootsAccuracyTest {
  @Test
  void cbrtIsWithinOneUlp() {
    UlpTracker cbrt = new UlpTracker("cbrt");
    SplittableRandom r = new SplittableRandom(21);
    int n = UlpTracker.count(15000);
    for (int i = 0; i < n; i++) {
      double x;
      if (i % 2 == 0) {
        x = Double.longBitsToDouble(r.nextLong() & 0x7FEFFFFFFFFFFFFFL);
      } else {
        x = Math.scalb(r.nextDouble(), r.nextInt(60) - 30);
      }
      if (i < 2000) {
        x = Double.longBitsToDouble(r.nextLong(0x0010000000000000L)); // subnormal
      }
      for (double s : new double[] {x, -x}) {
        cbrt.record(Roots.cbrt(s), TrigReference.cbrt(s), s, 0);
      }
    }
    cbrt.check(1.0, false);
  }

  @Test
  void cbrtOfAPerfectCubeIsExact() {
    SplittableRandom r = new SplittableRandom(22);
    for (int i = 0; i < UlpTracker.count(20000); i++) {
      long k = 1 + r.nextLong(1L << 17); // k^3 < 2^51 is exact
      int shift = r.nextInt(-1074 / 3 + 20, 1023 / 3 - 18);
      double root = Math.scalb((double) k, shift);
      double cube = new BigDecimal(root).pow(3).doubleValue();
      if (cube == 0.0
          || Double.isInfinite(cube)
          || new BigDecimal(cube).compareTo(new BigDecimal(root).pow(3)) != 0) {
        continue;
      }
      assertEquals(root, Roots.cbrt(cube), "cbrt(" + cube + ")");
      assertEquals(-root, Roots.cbrt(-cube), "cbrt(" + -cube + ")");
    }
    assertEquals(3.0, Roots.cbrt(27.0));
    assertEquals(0x1p-358, Roots.cbrt(Double.MIN_VALUE));
  }

  @Test
  void hypotIsWithinOneUlp() {
    UlpTracker hypot = new UlpTracker("hypot");
    SplittableRandom r = new SplittableRandom(23);
    int n = UlpTracker.count(15000);
    for (int i = 0; i < n; i++) {
      double x;
      double y;
      switch (i % 4) {
        case 0:
          x = Double.longBitsToDouble(r.nextLong() & 0x7FEFFFFFFFFFFFFFL);
          y = Double.longBitsToDouble(r.nextLong() & 0x7FEFFFFFFFFFFFFFL);
          break;
        case 1:
          // exponents within 70 of each other anywhere, subnormals included
          x = Math.scalb(1.0 + r.nextDouble(), r.nextInt(2098) - 1074);
          y = Math.scalb(x, r.nextInt(141) - 70) * (1.0 + r.nextDouble());
          break;
        case 2:
          // near the top: the sum of squares would overflow without scaling
          x = Double.MAX_VALUE * (0.5 + r.nextDouble() / 2);
          y = Double.MAX_VALUE * r.nextDouble();
          break;
        default:
          // near the bottom: the squares would underflow without scaling
          x = Math.scalb(r.nextDouble(), -1022 + r.nextInt(60));
          y = Math.scalb(r.nextDouble(), -1022 + r.nextInt(60));
          break;
      }
      if (Double.isInfinite(y)) {
        continue;
      }
      for (int signs = 0; signs < 2; signs++) {
        double sx = signs == 0 ? x : -x;
        double sy = signs == 0 ? y : -y;
        BigDecimal exact = TrigReference.hypot(sx, sy);
        if (exact.compareTo(new BigDecimal(Double.MAX_VALUE, MathContext.DECIMAL128)) > 0) {
          assertEquals(Double.POSITIVE_INFINITY, Roots.hypot(sx, sy));
          continue;
        }
        hypot.record(Roots.hypot(sx, sy), exact, sx, sy);
      }
    }
    hypot.check(1.0, true);
  }
}
