package dev.jptx.compiler.libdevice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The special cases of java.lang.Math's Javadoc (NaN, signed zeros, infinities, +-1, the atan2
 * table, hypot's infinity-beats-NaN), bit for bit against StrictMath; NaN only as NaN.
 */
class SpecialValuesTest {
  private static final double NAN = Double.NaN;
  private static final double INF = Double.POSITIVE_INFINITY;
  private static final double[] SPECIAL = {
    NAN,
    Double.longBitsToDouble(0xFFF8000000000001L), // a negative NaN
    0.0,
    -0.0,
    INF,
    -INF,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    -Double.MIN_NORMAL,
    1e-300,
    -1e-300
  };

  @Test
  void unaryFunctionsMatchStrictMath() {
    check("sin", Trig::sin, StrictMath::sin, SPECIAL);
    check("cos", Trig::cos, StrictMath::cos, SPECIAL);
    check("tan", Trig::tan, StrictMath::tan, SPECIAL);
    double[] inverse = concat(SPECIAL, new double[] {1.0, -1.0, 1.5, -1.5, Math.nextUp(1.0)});
    check("asin", InverseTrig::asin, StrictMath::asin, inverse);
    check("acos", InverseTrig::acos, StrictMath::acos, inverse);
    check("atan", InverseTrig::atan, StrictMath::atan, concat(SPECIAL, new double[] {1.0, -1.0}));
    double[] cubes = {8.0, -27.0, 0.125, 1e-300 * 1e-15, Double.MAX_VALUE};
    check("cbrt", Roots::cbrt, StrictMath::cbrt, concat(SPECIAL, cubes));
  }

  @Test
  void atan2MatchesStrictMathOnItsSpecialCases() {
    double[] values = {NAN, 0.0, -0.0, INF, -INF, 1.5, -1.5, Double.MIN_VALUE, -Double.MAX_VALUE};
    for (double y : values) {
      for (double x : values) {
        boolean special =
            Double.isNaN(x)
                || Double.isNaN(y)
                || x == 0.0
                || y == 0.0
                || Double.isInfinite(x)
                || Double.isInfinite(y);
        if (special) {
          same("atan2(" + y + ", " + x + ")", StrictMath.atan2(y, x), InverseTrig.atan2(y, x));
        }
      }
    }
  }

  @Test
  void hypotMatchesStrictMathOnItsSpecialCases() {
    double[] values = {NAN, 0.0, -0.0, INF, -INF, 3.0, -4.0, Double.MAX_VALUE, Double.MIN_VALUE};
    check2("hypot", Roots::hypot, StrictMath::hypot, values);
    assertEquals(INF, Roots.hypot(INF, NAN));
    assertEquals(INF, Roots.hypot(NAN, -INF));
    assertEquals(5.0, Roots.hypot(3.0, 4.0));
    assertEquals(5e300, Roots.hypot(3e300, 4e300));
    assertEquals(5e-310, Roots.hypot(3e-310, 4e-310));
  }

  private static void check(
      String name, DoubleUnaryOperator mine, DoubleUnaryOperator strict, double[] xs) {
    for (double x : xs) {
      same(name + "(" + x + ")", strict.applyAsDouble(x), mine.applyAsDouble(x));
    }
  }

  private static void check2(
      String name, DoubleBinaryOperator mine, DoubleBinaryOperator strict, double[] xs) {
    for (double x : xs) {
      for (double y : xs) {
        same(name + "(" + x + ", " + y + ")", strict.applyAsDouble(x, y), mine.applyAsDouble(x, y));
      }
    }
  }

  private static void same(String what, double expected, double actual) {
    if (Double.isNaN(expected)) {
      assertTrue(Double.isNaN(actual), what + " = " + actual + ", expected NaN");
    } else {
      assertEquals(
          Double.doubleToRawLongBits(expected),
          Double.doubleToRawLongBits(actual),
          what + " = " + actual + ", expected " + expected);
    }
  }

  private static double[] concat(double[] a, double[] b) {
    double[] c = new double[a.length + b.length];
    System.arraycopy(a, 0, c, 0, a.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
