package dev.jptx.compiler.libdevice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.function.DoubleUnaryOperator;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Special and exact cases of {@link ExpLog} and {@link Hyperbolic}: the same bits as {@link
 * StrictMath} (any NaN for NaN) on NaN, zeros, infinities, subnormals and the overflow and
 * underflow boundaries, every special case of {@link Math#pow}, and the exact results the Javadoc
 * promises.
 */
class ExpLogSpecialValuesTest {
  private static final double[] SPECIAL = {
    Double.NaN,
    0.0,
    -0.0,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    -Double.MIN_NORMAL,
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
    1.0,
    -1.0,
    2.0,
    0.5,
    -0.5,
    1e-300,
    -1e-300,
    0x1p-54,
    -0x1p-54,
    0x1p-60,
    0x1p-28,
    -0x1p-28,
    22.0,
    -22.0,
    -38.0,
    // exp overflows just above the first and underflows to 0 just below -745.1332191019411.
    709.782712893384,
    Math.nextUp(709.782712893384),
    -745.1332191019411,
    Math.nextDown(-745.1332191019411),
    -745.1332191019412,
    -708.3964185322641,
    // sinh and cosh overflow just above this.
    710.4758600739439,
    Math.nextUp(710.4758600739439),
    -710.4758600739439,
    Math.nextDown(-710.4758600739439),
    -1.0 + 0x1p-53,
  };

  private static void same(double expected, double got, String what) {
    assertEquals(
        Double.doubleToLongBits(expected),
        Double.doubleToLongBits(got),
        () -> what + ": expected " + expected + " but was " + got);
  }

  /**
   * Same bits as StrictMath on every input of {@link #SPECIAL}, except on finite ordinary results
   * where StrictMath itself is not correctly rounded (fdlibm's {@code exp(1)} is one such): there
   * this implementation must be the correctly rounded one.
   */
  private static void unary(
      String name,
      DoubleUnaryOperator mine,
      DoubleUnaryOperator strict,
      UnaryOperator<BigDecimal> ref) {
    for (double x : SPECIAL) {
      double expected = strict.applyAsDouble(x);
      double got = mine.applyAsDouble(x);
      String what = name + "(" + x + ")";
      if (Double.doubleToLongBits(expected) != Double.doubleToLongBits(got)
          && !special(x)
          && !special(expected)
          && Math.abs(x) < 745.2) {
        BigDecimal exact = ref.apply(new BigDecimal(x));
        if (ExpLogReference.ulpError(expected, exact) > 0.5) {
          double err = ExpLogReference.ulpError(got, exact);
          assertTrue(err <= 0.5, what + " = " + got + " is off by " + err + " ulp");
          continue;
        }
      }
      same(expected, got, what);
    }
  }

  private static BigDecimal log10(BigDecimal x) {
    return ExpLogReference.log(x).divide(ExpLogReference.LN10, ExpLogReference.MC);
  }

  private static BigDecimal log1p(BigDecimal x) {
    return ExpLogReference.log(BigDecimal.ONE.add(x));
  }

  @Test
  void unaryFunctionsMatchStrictMath() {
    unary("exp", ExpLog::exp, StrictMath::exp, ExpLogReference::exp);
    unary("expm1", ExpLog::expm1, StrictMath::expm1, ExpLogReference::expm1);
    unary("log", ExpLog::log, StrictMath::log, ExpLogReference::log);
    unary("log10", ExpLog::log10, StrictMath::log10, ExpLogSpecialValuesTest::log10);
    unary("log1p", ExpLog::log1p, StrictMath::log1p, ExpLogSpecialValuesTest::log1p);
    unary("sinh", Hyperbolic::sinh, StrictMath::sinh, ExpLogReference::sinh);
    unary("cosh", Hyperbolic::cosh, StrictMath::cosh, ExpLogReference::cosh);
    unary("tanh", Hyperbolic::tanh, StrictMath::tanh, ExpLogReference::tanh);
  }

  private static final double[] POW_X = {
    Double.NaN,
    0.0,
    -0.0,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    1.0,
    -1.0,
    0.5,
    -0.5,
    2.0,
    -2.0,
    3.0,
    -3.0,
    -8.0,
    10.0,
    0.1,
    1.5,
    -1.5,
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MIN_NORMAL,
    1.0 + 0x1p-52,
    1.0 - 0x1p-53,
    -7.0,
  };

  private static final double[] POW_Y = {
    Double.NaN,
    0.0,
    -0.0,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    1.0,
    -1.0,
    2.0,
    -2.0,
    3.0,
    -3.0,
    0.5,
    -0.5,
    1 / 3.0,
    1.5,
    -1.5,
    0x1p53,
    0x1p53 + 2,
    0x1p52 + 1,
    -(0x1p52 + 1),
    1e300,
    -1e300,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
    1075,
    -1075,
    1024,
    -1074,
    0.3,
    4,
    5,
    -5,
  };

  private static boolean special(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) || v == 0.0;
  }

  @Test
  void powMatchesStrictMathOnEverySpecialCase() {
    for (double x : POW_X) {
      for (double y : POW_Y) {
        double expected = StrictMath.pow(x, y);
        double got = ExpLog.pow(x, y);
        String what = "pow(" + x + ", " + y + ")";
        if (special(x) || special(y) || Math.abs(x) == 1 || y == 1 || special(expected)) {
          same(expected, got, what);
        } else {
          double err = ExpLogReference.ulpError(got, ExpLogReference.pow(x, y));
          assertTrue(err <= 1.0, what + " = " + got + " is off by " + err + " ulp");
        }
      }
    }
  }

  @Test
  void exactCases() {
    same(1.0, ExpLog.exp(0.0), "exp(0)");
    same(1.0, ExpLog.exp(-0.0), "exp(-0)");
    same(0.0, ExpLog.log(1.0), "log(1)");
    same(0.0, ExpLog.log10(1.0), "log10(1)");
    same(-0.0, ExpLog.expm1(-0.0), "expm1(-0)");
    same(-0.0, ExpLog.log1p(-0.0), "log1p(-0)");
    same(-0.0, Hyperbolic.tanh(-0.0), "tanh(-0)");
    same(Double.NaN, ExpLog.pow(-8.0, 1 / 3.0), "pow(-8, 1/3)");
    for (int n = -323; n <= 308; n++) {
      double x = Double.parseDouble("1e" + n);
      // Exact where 10^n is a double, and (as for StrictMath) where the nearest double's log10
      // rounds to n.
      if (n >= 0 && n <= 22 || StrictMath.log10(x) == n) {
        same(n, ExpLog.log10(x), "log10(1e" + n + ")");
      }
    }
    for (int i = 1; i < 1 << 20; i += 37) {
      double s = (double) i * i * 0x1p-20;
      same(i * 0x1p-10, ExpLog.pow(s, 0.5), "pow(" + s + ", 0.5)");
    }
    for (double x : new double[] {0.1, -3.7, 1e300, Double.MIN_VALUE, -Double.MAX_VALUE}) {
      same(x, ExpLog.pow(x, 1.0), "pow(x, 1)");
      same(1.0, ExpLog.pow(x, 0.0), "pow(x, 0)");
      same(1.0, ExpLog.pow(x, -0.0), "pow(x, -0)");
    }
    // Integer powers of integers are exact whenever the result is a double.
    for (int x = -30; x <= 30; x++) {
      for (int y = 0; y <= 80; y++) {
        BigDecimal exact = BigDecimal.valueOf(x).pow(y);
        double got = ExpLog.pow(x, y);
        if (exact.abs().compareTo(new BigDecimal(Double.MAX_VALUE)) <= 0
            && new BigDecimal(exact.doubleValue()).compareTo(exact) == 0) {
          same(exact.doubleValue(), got, "pow(" + x + ", " + y + ")");
        }
      }
    }
    for (int y = -1074; y <= 1023; y++) {
      same(Math.scalb(1.0, y), ExpLog.pow(2.0, y), "pow(2, " + y + ")");
      same(Math.scalb(1.0, -y), ExpLog.pow(0.5, y), "pow(0.5, " + y + ")");
    }
  }
}
