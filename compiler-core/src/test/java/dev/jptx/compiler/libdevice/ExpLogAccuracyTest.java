package dev.jptx.compiler.libdevice;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ExpLog} against the decimal reference over random inputs covering each function's whole
 * domain: uniform in value, uniform in exponent, next to 0, 1, -1 and the overflow and underflow
 * thresholds. The bound is {@link Math}'s: 1 ulp.
 */
class ExpLogAccuracyTest {
  private static final int N = ExpLogUlpTracker.count(25000, 2);

  /** {@code +-(1 + u) 2^e}, {@code e} uniform in [lo, hi). */
  private static double expUniform(SplittableRandom r, int lo, int hi) {
    double v = Math.scalb(1.0 + r.nextDouble(), r.nextInt(lo, hi));
    return r.nextBoolean() ? v : -v;
  }

  private static BigDecimal bd(double x) {
    return new BigDecimal(x);
  }

  @Test
  void exp() {
    ExpLogUlpTracker t = new ExpLogUlpTracker("exp", 1.0);
    SplittableRandom r = new SplittableRandom(1);
    for (int i = 0; i < N; i++) {
      double x;
      switch (i % 5) {
        case 0:
          x = -745.2 + r.nextDouble() * (709.8 + 745.2);
          break;
        case 1:
          x = expUniform(r, -60, 10);
          break;
        case 2:
          x = 709.77 + r.nextDouble() * 0.02;
          break;
        case 3:
          x = -745.2 + r.nextDouble() * 37; // subnormal results
          break;
        default:
          x = expUniform(r, -1074, -50);
          break;
      }
      if (x > 709.8 || x < -745.2) {
        t.checkExact(ExpLog.exp(x), x > 0 ? Double.POSITIVE_INFINITY : 0.0, x, Double.NaN);
      } else {
        t.check(ExpLog.exp(x), ExpLogReference.exp(bd(x)), x, Double.NaN);
      }
    }
    t.report();
  }

  @Test
  void expm1() {
    ExpLogUlpTracker t = new ExpLogUlpTracker("expm1", 1.0);
    SplittableRandom r = new SplittableRandom(2);
    for (int i = 0; i < N; i++) {
      double x;
      switch (i % 4) {
        case 0:
          x = -40 + r.nextDouble() * (709.8 + 40);
          break;
        case 1:
          x = expUniform(r, -60, 10);
          break;
        case 2:
          x = 709.77 + r.nextDouble() * 0.02;
          break;
        default:
          x = expUniform(r, -1074, -50);
          break;
      }
      if (x > 709.8) {
        t.checkExact(ExpLog.expm1(x), Double.POSITIVE_INFINITY, x, Double.NaN);
      } else {
        t.check(ExpLog.expm1(x), ExpLogReference.expm1(bd(x)), x, Double.NaN);
      }
    }
    t.report();
  }

  /** A positive double: any finite one, near 1, small, or subnormal. */
  private static double positive(SplittableRandom r, int i) {
    switch (i % 4) {
      case 0:
        return Double.longBitsToDouble(r.nextLong(0x7FF0000000000000L));
      case 1:
        return 1.0 + Math.scalb(r.nextDouble() - 0.5, -r.nextInt(54));
      case 2:
        return r.nextDouble() * 4;
      default:
        return Double.longBitsToDouble(r.nextLong(0x0010000000000000L));
    }
  }

  @Test
  void log() {
    ExpLogUlpTracker t = new ExpLogUlpTracker("log", 1.0);
    SplittableRandom r = new SplittableRandom(3);
    for (int i = 0; i < N; i++) {
      double x = positive(r, i);
      if (x > 0) {
        t.check(ExpLog.log(x), ExpLogReference.log(bd(x)), x, Double.NaN);
      }
    }
    t.report();
  }

  @Test
  void log10() {
    ExpLogUlpTracker t = new ExpLogUlpTracker("log10", 1.0);
    SplittableRandom r = new SplittableRandom(4);
    for (int i = 0; i < N; i++) {
      double x = i % 5 == 4 ? Double.parseDouble("1e" + r.nextInt(-323, 309)) : positive(r, i);
      if (x > 0) {
        BigDecimal exact =
            ExpLogReference.log(bd(x)).divide(ExpLogReference.LN10, ExpLogReference.MC);
        t.check(ExpLog.log10(x), exact, x, Double.NaN);
      }
    }
    t.report();
  }

  @Test
  void log1p() {
    ExpLogUlpTracker t = new ExpLogUlpTracker("log1p", 1.0);
    SplittableRandom r = new SplittableRandom(5);
    for (int i = 0; i < N; i++) {
      double x;
      switch (i % 5) {
        case 0:
          x = Math.abs(expUniform(r, -60, 1024));
          break;
        case 1:
          x = -Math.scalb(r.nextDouble(), -r.nextInt(60));
          break;
        case 2:
          x = -1.0 + Math.scalb(r.nextDouble(), -r.nextInt(53));
          break;
        case 3:
          x = expUniform(r, -1074, -50);
          break;
        default:
          x = -1.0 + r.nextDouble() * 5;
          break;
      }
      if (x > -1.0) {
        t.check(ExpLog.log1p(x), ExpLogReference.log(BigDecimal.ONE.add(bd(x))), x, Double.NaN);
      }
    }
    t.report();
  }

  @Test
  void pow() {
    ExpLogUlpTracker t = new ExpLogUlpTracker("pow", 1.0);
    SplittableRandom r = new SplittableRandom(6);
    for (int i = 0; i < N; i++) {
      double x;
      double y;
      // Mostly y = target / log|x|, so that the result spans the whole range of doubles.
      double target = -746 + r.nextDouble() * (711 + 746);
      switch (i % 6) {
        case 0:
          x = Double.longBitsToDouble(r.nextLong(1, 0x7FF0000000000000L));
          y = target / Math.log(x);
          break;
        case 1:
          x = 1.0 + Math.scalb(r.nextDouble() - 0.5, -r.nextInt(53)); // large |y|
          y = target / Math.log(x);
          break;
        case 2:
          x = -Math.scalb(1.0 + r.nextDouble(), r.nextInt(-1074, 1024)); // negative, integer y
          y = Math.rint(target / Math.log(-x));
          break;
        case 3:
          x = r.nextDouble() * 20 - 10; // negative x with (mostly) non-integer y: NaN
          y = r.nextDouble() * 20 - 10;
          break;
        case 4:
          x = r.nextInt(-40, 41); // integers: exact results
          y = r.nextInt(-60, 61);
          break;
        default:
          x = expUniform(r, -1074, 1024);
          y = expUniform(r, -60, 1024); // mostly over- or underflows
          if (x < 0) {
            y = Math.rint(y);
          }
          break;
      }
      double got = ExpLog.pow(x, y);
      if (x == 0 || y == 0 || Math.abs(x) == 1 || Double.isInfinite(y)) {
        continue; // special cases: see ExpLogSpecialValuesTest
      }
      if (x < 0 && Math.rint(y) != y) {
        t.checkExact(got, Double.NaN, x, y);
        continue;
      }
      // Roughly the log of the result, to tell certain overflows and underflows.
      double magnitude = y * Math.log(Math.abs(x));
      if (magnitude > 712 || magnitude < -747) {
        double m = magnitude > 0 ? Double.POSITIVE_INFINITY : 0.0;
        boolean odd = x < 0 && Math.abs(y) < 0x1p53 && ((long) y & 1) != 0;
        t.checkExact(got, odd ? -m : m, x, y);
      } else {
        t.check(got, ExpLogReference.pow(x, y), x, y);
      }
    }
    t.report();
  }
}
