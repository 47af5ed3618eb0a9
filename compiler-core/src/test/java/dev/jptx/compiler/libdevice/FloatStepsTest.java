package dev.jptx.compiler.libdevice;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The library's {@code ulp nextUp nextDown nextAfter scalb IEEEremainder} ({@link FloatSteps},
 * {@link Remainder#ieeeRemainder}) give {@code java.lang.Math}'s bits on the JVM, on random bit
 * patterns of every class and on edge values; with {@code -Djptx.tests.exhaustive=true} every float
 * for the float methods. The simulator tests then only need to show they compile faithfully.
 */
class FloatStepsTest {
  private static final SplittableRandom RANDOM = new SplittableRandom(2121);

  private static final double[] EDGES = {
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    3.0,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    0x0.fffffffffffffp-1022,
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.NaN,
    0x1p-1073,
    0x1.8p-1074,
    1e300,
    -1e-300
  };

  private static final int[] SCALES = {
    0,
    1,
    -1,
    52,
    -52,
    53,
    -1074,
    -1075,
    -1076,
    1023,
    -1022,
    2046,
    -2098,
    -2099,
    2098,
    3000,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE,
    149,
    -149,
    -150,
    254,
    -277,
    300,
    -300
  };

  @Test
  void doubleMethods_matchMathOnEdgesAndRandomBits() {
    int count = UlpTracker.count(200_000);
    for (int i = 0; i < count + EDGES.length * EDGES.length; i++) {
      double x;
      double y;
      if (i < EDGES.length * EDGES.length) {
        x = EDGES[i / EDGES.length];
        y = EDGES[i % EDGES.length];
      } else {
        x = Double.longBitsToDouble(RANDOM.nextLong());
        y = i % 2 == 0 ? Double.longBitsToDouble(RANDOM.nextLong()) : x / RANDOM.nextInt(1, 9);
      }
      int n = i % 3 == 0 ? SCALES[i % SCALES.length] : RANDOM.nextInt(-2200, 2200);
      same(Math.ulp(x), FloatSteps.ulp(x), "ulp", x, y);
      same(Math.nextUp(x), FloatSteps.nextUp(x), "nextUp", x, y);
      same(Math.nextDown(x), FloatSteps.nextDown(x), "nextDown", x, y);
      same(Math.nextAfter(x, y), FloatSteps.nextAfter(x, y), "nextAfter", x, y);
      same(Math.scalb(x, n), FloatSteps.scalb(x, n), "scalb " + n, x, y);
      same(Math.IEEEremainder(x, y), Remainder.ieeeRemainder(x, y), "IEEEremainder", x, y);
    }
  }

  @Test
  void floatMethods_matchMathOnEveryFloatSampled() {
    boolean all = "true".equals(System.getProperty(UlpTracker.EXHAUSTIVE));
    // every float with exhaustive tests; else a stride that still meets every binade
    long stride = all ? 1 : 4099;
    for (long b = 0; b <= 0xFFFF_FFFFL; b += stride) {
      float x = Float.intBitsToFloat((int) b);
      double y = Double.longBitsToDouble(RANDOM.nextLong());
      float z = Float.intBitsToFloat((int) (b * 31 + 7));
      int n = (int) (b % 613) - 306;
      same(Math.ulp(x), FloatSteps.ulp(x), "ulp", x, y);
      same(Math.nextUp(x), FloatSteps.nextUp(x), "nextUp", x, y);
      same(Math.nextDown(x), FloatSteps.nextDown(x), "nextDown", x, y);
      same(Math.nextAfter(x, y), FloatSteps.nextAfter(x, y), "nextAfter", x, y);
      same(Math.nextAfter(x, z), FloatSteps.nextAfter(x, (double) z), "nextAfter", x, z);
      same(Math.scalb(x, n), FloatSteps.scalb(x, n), "scalb " + n, x, y);
    }
    for (int n : SCALES) {
      same(Math.scalb(Float.MIN_VALUE, n), FloatSteps.scalb(Float.MIN_VALUE, n), "scalb", n, 0);
      same(Math.scalb(-3.0f, n), FloatSteps.scalb(-3.0f, n), "scalb", n, 0);
    }
  }

  private static void same(double expected, double actual, String what, double x, double y) {
    assertEquals(
        Double.doubleToLongBits(expected),
        Double.doubleToLongBits(actual),
        () -> what + "(" + x + ", " + y + "): " + expected + " but the library gives " + actual);
  }
}
