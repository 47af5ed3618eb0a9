package dev.jptx.compiler.libdevice.fdlibm;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Inputs that exercise FDLIBM's cases: special values, subnormals, both sides of every high-word
 * threshold the algorithms branch on, arguments next to multiples of pi/2 (where the reduction
 * cancels) up to the Payne–Hanek range, and random doubles from several distributions.
 */
final class StrictInputs {
  /** High words FDLIBM compares against (positive; each is also tried negated). */
  private static final int[] THRESHOLDS = {
    0x00100000, 0x20b00000, 0x3c600000, 0x3c800000, 0x3c900000, 0x3e200000, 0x3e300000,
    0x3e400000, 0x3fd33333, 0x3fd62e42, 0x3fd62e43, 0x3fda827a, 0x3fd2bec3, 0x3fdc0000,
    0x3fe00000, 0x3fe59428, 0x3fe60000, 0x3fe90000, 0x3fe921fb, 0x3fef3333, 0x3fefffff,
    0x3ff00000, 0x3ff00001, 0x3ff0a2b2, 0x3ff30000, 0x3ff921fb, 0x40000000, 0x4002d97c,
    0x40038000, 0x40360000, 0x4043687a, 0x40862e42, 0x408633ce, 0x4090cc00, 0x40900000,
    0x413921fb, 0x41e00000, 0x41e00001, 0x43400000, 0x43f00000, 0x44100000, 0x5f300000,
    0x7fefffff,
  };

  private StrictInputs() {}

  /** Special values, subnormals and the extremes. */
  static List<Double> specials() {
    List<Double> v = new ArrayList<>();
    double[] base = {
      Double.NaN,
      0.0,
      Double.POSITIVE_INFINITY,
      Double.MIN_VALUE,
      2 * Double.MIN_VALUE,
      0x0.8p-1022,
      0x0.fffffffffffffp-1022,
      0x0.0000012345678p-1022,
      Double.MIN_NORMAL,
      Double.MAX_VALUE,
      1.0,
      0.5,
      2.0,
      3.0,
      1.5,
      1e-300,
      1e300,
      0.1,
      10.0,
      22.0,
      709.0,
      710.0,
      7.09782712893383973096e+02,
      7.45133219101941108420e+02,
      744.0,
      1074.0,
      1075.0,
      1024.0,
      Math.PI,
      Math.PI / 2,
      Math.PI / 4,
      Math.E,
      1e22,
      0x1p53,
      0x1p31,
      0x1p64,
      0x1p1023,
      // arguments where FDLIBM's exp was seen to differ from other implementations (JDK tests)
      0x1.2e8f20cf3cbe7p+8,
      -0x1.49f33ad2c1c58p+9,
      0x1.fce66609f7428p+5
    };
    for (double b : base) {
      v.add(b);
      v.add(-b);
      v.add(Math.nextUp(b));
      v.add(Math.nextDown(b));
    }
    v.add(Double.longBitsToDouble(0xFFF8000000000001L)); // a negative NaN
    v.add(Double.longBitsToDouble(0x408633CE8fb9f87dL)); // sinh and cosh overflow threshold
    v.add(Double.longBitsToDouble(0x408633CE8fb9f87eL));
    return v;
  }

  /** Both sides of every threshold, with both signs. */
  static List<Double> boundaries() {
    List<Double> v = new ArrayList<>();
    for (int hw : THRESHOLDS) {
      for (int sign : new int[] {0, 0x80000000}) {
        double t = Words.of(hw | sign, 0);
        v.add(t);
        v.add(Math.nextUp(t));
        v.add(Math.nextDown(t));
        v.add(Words.of(hw | sign, -1));
        v.add(Words.of((hw - 1) | sign, -1));
      }
    }
    return v;
  }

  /**
   * The {@code width} doubles either side of every threshold, both signs: FDLIBM's branches and the
   * ends of its reduction intervals, where a reimplementation most easily goes its own way.
   */
  static List<Double> thresholdRanges(int width) {
    List<Double> v = new ArrayList<>();
    for (int hw : THRESHOLDS) {
      for (int sign : new int[] {0, 0x80000000}) {
        double t = Words.of(hw | sign, 0);
        double up = t;
        double down = t;
        v.add(t);
        for (int k = 0; k < width; k++) {
          up = Math.nextUp(up);
          down = Math.nextDown(down);
          v.add(up);
          v.add(down);
        }
      }
    }
    return v;
  }

  /**
   * Pairs for hypot whose sum of squares is near a perfect square (2^k and m 2^e a few ulps off),
   * where rounding decides: the JDK's StrictMath tests look there.
   */
  static List<double[]> hypotPairs() {
    List<double[]> v = new ArrayList<>();
    for (int k = 0; k <= 3; k++) {
      for (int m = 1; m <= 200; m++) {
        double y = m * 0.5;
        for (int j = -40; j <= 40; j++) {
          v.add(new double[] {Math.scalb(1.0, k), y + j * Math.ulp(y)});
        }
      }
    }
    return v;
  }

  /** Arguments next to multiples of pi/2 and huge ones, where reduction matters. */
  static List<Double> trigHard() {
    List<Double> v = new ArrayList<>();
    for (int n = 1; n <= 40; n++) {
      addAround(v, n * (Math.PI / 2));
    }
    for (long n : new long[] {100, 1000, 65536, 333333, 524287, 524288, 1L << 20, 1L << 30}) {
      addAround(v, n * (Math.PI / 2));
    }
    addAround(v, 6381956970095103.0 * 0x1p797); // closest double to a multiple of pi/2
    addAround(v, 5.319372648326541e+255);
    for (int e = 18; e <= 1023; e += 5) {
      addAround(v, Math.scalb(1.0, e));
      addAround(v, Math.scalb(1.6, e));
    }
    return v;
  }

  private static void addAround(List<Double> v, double x) {
    double d = x;
    double u = x;
    for (int k = 0; k < 3; k++) {
      v.add(d);
      v.add(-d);
      v.add(u);
      d = Math.nextDown(d);
      u = Math.nextUp(u);
    }
  }

  /**
   * A random double: {@code kind} picks random bits, a log-uniform magnitude around 1, the unit
   * interval, the exp range, a subnormal or a value near 1.
   */
  static double random(SplittableRandom r, int kind) {
    switch (kind % 6) {
      case 0:
        return Double.longBitsToDouble(r.nextLong());
      case 1:
        return (r.nextBoolean() ? 1 : -1) * Math.scalb(1.0 + r.nextDouble(), r.nextInt(-60, 30));
      case 2:
        return r.nextDouble() * 2 - 1;
      case 3:
        return r.nextDouble() * 1500 - 750;
      case 4:
        return Double.longBitsToDouble(r.nextLong() & 0x800FFFFFFFFFFFFFL);
      default:
        return 1.0 + (r.nextDouble() - 0.5) * Math.scalb(1.0, r.nextInt(-50, 0));
    }
  }

  /** A second operand for pow: often an integer (odd or even), half or a huge power. */
  static double exponent(SplittableRandom r, int kind) {
    switch (kind % 4) {
      case 0:
        return r.nextInt(-1100, 1100);
      case 1:
        return (r.nextDouble() - 0.5) * 200;
      case 2:
        return (r.nextBoolean() ? 1 : -1) * Math.scalb(1.0 + r.nextDouble(), r.nextInt(20, 70));
      default:
        return random(r, r.nextInt(6));
    }
  }
}
