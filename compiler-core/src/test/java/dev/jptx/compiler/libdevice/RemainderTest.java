package dev.jptx.compiler.libdevice;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The device library's remainder is Java's {@code %}, bit for bit, on the JVM. */
class RemainderTest {
  private static final double[] DOUBLES = {
    0.0,
    -0.0,
    1.0,
    -1.0,
    3.0,
    0.1,
    -7.5,
    1e308,
    -1e308,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    2.5e-310,
    Double.MAX_VALUE,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.NaN,
    123456789.125,
    1e-300,
    6.02e23
  };

  @Test
  void drem_isJavasRemainder() {
    for (double x : DOUBLES) {
      for (double y : DOUBLES) {
        assertSame(x % y, Remainder.drem(x, y), x, y);
      }
    }
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 200_000; i++) {
      double x = Double.longBitsToDouble(r.nextLong());
      double y = i % 2 == 0 ? Double.longBitsToDouble(r.nextLong()) : r.nextDouble() * 100 - 50;
      assertSame(x % y, Remainder.drem(x, y), x, y);
    }
  }

  @Test
  void frem_isJavasRemainder() {
    for (double dx : DOUBLES) {
      for (double dy : DOUBLES) {
        float x = (float) dx;
        float y = (float) dy;
        assertSame(x % y, Remainder.frem(x, y), x, y);
      }
    }
    SplittableRandom r = new SplittableRandom(8);
    for (int i = 0; i < 400_000; i++) {
      float x = Float.intBitsToFloat(r.nextInt());
      float y = i % 2 == 0 ? Float.intBitsToFloat(r.nextInt()) : (float) r.nextDouble() * 10;
      assertSame(x % y, Remainder.frem(x, y), x, y);
    }
  }

  private static void assertSame(double want, double got, double x, double y) {
    assertEquals(
        Double.doubleToLongBits(want), Double.doubleToLongBits(got), x + " % " + y + " = " + want);
  }

  private static void assertSame(float want, float got, float x, float y) {
    assertEquals(
        Float.floatToIntBits(want), Float.floatToIntBits(got), x + " % " + y + " = " + want);
  }
}
