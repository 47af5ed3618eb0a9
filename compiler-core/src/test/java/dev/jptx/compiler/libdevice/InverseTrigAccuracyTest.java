package dev.jptx.compiler.libdevice;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * asin, acos, atan (1 ulp) and atan2 (2 ulp, java.lang.Math's bounds) against the BigDecimal
 * reference: uniform and near +-1 for asin and acos, every magnitude and the breakpoints for atan,
 * every quadrant and exponent gap for atan2.
 */
class InverseTrigAccuracyTest {
  private static final double[] ATAN_BREAKPOINTS = {0.4375, 0.6875, 1.1875, 2.4375, 0x1p66};

  @Test
  void asinAndAcosAreWithinOneUlp() {
    UlpTracker asin = new UlpTracker("asin");
    UlpTracker acos = new UlpTracker("acos");
    SplittableRandom r = new SplittableRandom(11);
    int n = UlpTracker.count(6000);
    for (int i = 0; i < n; i++) {
      double x;
      switch (i % 4) {
        case 0:
          x = r.nextDouble();
          break;
        case 1:
          x = 1.0 - Math.scalb(r.nextDouble(), -r.nextInt(60)); // near 1
          break;
        case 2:
          x = Math.scalb(1.0 + r.nextDouble(), -1 - r.nextInt(1074)); // every exponent
          break;
        default:
          x = 0.5 + (r.nextDouble() - 0.5) * 0x1p-20; // around the switch to the sqrt identity
          break;
      }
      if (i < 64) {
        x = 1.0 - i * 0x1p-53;
      }
      for (double s : new double[] {x, -x}) {
        asin.record(InverseTrig.asin(s), TrigReference.asin(s), s, 0);
        acos.record(InverseTrig.acos(s), TrigReference.acos(s), s, 0);
      }
    }
    asin.check(1.0, false);
    acos.check(1.0, false);
  }

  @Test
  void atanIsWithinOneUlp() {
    UlpTracker atan = new UlpTracker("atan");
    SplittableRandom r = new SplittableRandom(12);
    int n = UlpTracker.count(12000);
    for (int i = 0; i < n; i++) {
      double x;
      switch (i % 3) {
        case 0:
          x = Double.longBitsToDouble(r.nextLong() & 0x7FEFFFFFFFFFFFFFL);
          break;
        case 1:
          x = r.nextDouble() * 4;
          break;
        default:
          double b = ATAN_BREAKPOINTS[r.nextInt(ATAN_BREAKPOINTS.length)];
          x = b + (r.nextInt(200) - 100) * Math.ulp(b);
          break;
      }
      for (double s : new double[] {x, -x}) {
        atan.record(InverseTrig.atan(s), TrigReference.atan(s), s, 0);
      }
    }
    atan.check(1.0, false);
  }

  @Test
  void atan2IsWithinTwoUlps() {
    UlpTracker atan2 = new UlpTracker("atan2");
    SplittableRandom r = new SplittableRandom(13);
    int n = UlpTracker.count(6000);
    for (int i = 0; i < n; i++) {
      double x;
      double y;
      switch (i % 3) {
        case 0:
          x = Double.longBitsToDouble(r.nextLong() & 0x7FEFFFFFFFFFFFFFL);
          y = Double.longBitsToDouble(r.nextLong() & 0x7FEFFFFFFFFFFFFFL);
          break;
        case 1:
          x = r.nextDouble();
          y = r.nextDouble();
          break;
        default:
          // exponents within 70 of each other anywhere in the range, subnormals included
          x = Math.scalb(1.0 + r.nextDouble(), r.nextInt(2098) - 1074);
          y = Math.scalb(x, r.nextInt(141) - 70) * (1.0 + r.nextDouble());
          break;
      }
      if (x == 0.0 || y == 0.0 || Double.isInfinite(y)) {
        continue;
      }
      for (int quadrant = 0; quadrant < 4; quadrant++) {
        double sx = (quadrant & 1) == 0 ? x : -x;
        double sy = (quadrant & 2) == 0 ? y : -y;
        atan2.record(InverseTrig.atan2(sy, sx), TrigReference.atan2(sy, sx), sx, sy);
      }
    }
    atan2.check(2.0, true);
  }
}
