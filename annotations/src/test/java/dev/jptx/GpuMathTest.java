package dev.jptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.function.DoubleBinaryOperator;
import org.junit.jupiter.api.Test;

/** {@link GpuMath} within the CUDA bound of each function, against a {@code double} reference. */
class GpuMathTest {
  private final Random random = new Random(99);

  /** A function under test, its double reference, its documented bound and its domain. */
  private record Case(
      String name,
      DoubleBinaryOperator reference,
      FloatFunction function,
      int ulps,
      double lo,
      double hi) {}

  @FunctionalInterface
  private interface FloatFunction {
    float apply(float x, float y);
  }

  private static final Case[] CASES = {
    new Case("sin", (x, y) -> Math.sin(x), (x, y) -> GpuMath.sin(x), 2, -100, 100),
    new Case("cos", (x, y) -> Math.cos(x), (x, y) -> GpuMath.cos(x), 2, -100, 100),
    new Case("tan", (x, y) -> Math.tan(x), (x, y) -> GpuMath.tan(x), 4, -1.5, 1.5),
    new Case("asin", (x, y) -> Math.asin(x), (x, y) -> GpuMath.asin(x), 2, -1, 1),
    new Case("acos", (x, y) -> Math.acos(x), (x, y) -> GpuMath.acos(x), 2, -1, 1),
    new Case("atan", (x, y) -> Math.atan(x), (x, y) -> GpuMath.atan(x), 2, -50, 50),
    new Case("atan2", Math::atan2, GpuMath::atan2, 3, -10, 10),
    new Case("sinh", (x, y) -> Math.sinh(x), (x, y) -> GpuMath.sinh(x), 3, -80, 80),
    new Case("cosh", (x, y) -> Math.cosh(x), (x, y) -> GpuMath.cosh(x), 2, -80, 80),
    new Case("tanh", (x, y) -> Math.tanh(x), (x, y) -> GpuMath.tanh(x), 2, -10, 10),
    new Case("exp", (x, y) -> Math.exp(x), (x, y) -> GpuMath.exp(x), 2, -80, 80),
    new Case("exp2", (x, y) -> Math.pow(2, x), (x, y) -> GpuMath.exp2(x), 2, -120, 120),
    new Case("exp10", (x, y) -> Math.pow(10, x), (x, y) -> GpuMath.exp10(x), 2, -35, 35),
    new Case("expm1", (x, y) -> Math.expm1(x), (x, y) -> GpuMath.expm1(x), 1, -20, 20),
    new Case("log", (x, y) -> Math.log(x), (x, y) -> GpuMath.log(x), 1, 1e-30, 1e30),
    new Case(
        "log2", (x, y) -> Math.log(x) / Math.log(2), (x, y) -> GpuMath.log2(x), 1, 1e-30, 1e30),
    new Case("log10", (x, y) -> Math.log10(x), (x, y) -> GpuMath.log10(x), 2, 1e-30, 1e30),
    new Case("log1p", (x, y) -> Math.log1p(x), (x, y) -> GpuMath.log1p(x), 1, -0.99, 1e10),
    new Case("pow", Math::pow, GpuMath::pow, 4, 0.01, 20),
    new Case("cbrt", (x, y) -> Math.cbrt(x), (x, y) -> GpuMath.cbrt(x), 1, -1e30, 1e30),
    new Case("hypot", Math::hypot, GpuMath::hypot, 3, -1e18, 1e18),
    new Case("sqrt", (x, y) -> Math.sqrt(x), (x, y) -> GpuMath.sqrt(x), 0, 0, 1e30),
    new Case("rsqrt", (x, y) -> 1 / Math.sqrt(x), (x, y) -> GpuMath.rsqrt(x), 2, 1e-30, 1e30),
  };

  /** Distance in float ulps of the result from the real value, taken as the double reference. */
  private static double ulps(float got, double reference) {
    if (Double.isNaN(reference)) {
      return Float.isNaN(got) ? 0 : Double.POSITIVE_INFINITY;
    }
    if (Double.isInfinite(reference) || Math.abs(reference) > Float.MAX_VALUE) {
      return got == (float) reference ? 0 : Double.POSITIVE_INFINITY;
    }
    return Math.abs(got - reference) / Math.ulp((float) reference);
  }

  @Test
  void everyFunction_withinItsBound() {
    for (Case c : CASES) {
      double worst = 0;
      for (int k = 0; k < 20_000; k++) {
        float x = (float) (c.lo() + random.nextDouble() * (c.hi() - c.lo()));
        float y = (float) (c.lo() + random.nextDouble() * (c.hi() - c.lo()));
        double reference = c.reference().applyAsDouble(x, y);
        float got = c.function().apply(x, y);
        // CUDA's bound: distance in ulps from the correctly rounded result (0 = correctly rounded)
        double error = ulps(got, (float) reference);
        worst = Math.max(worst, error);
        assertTrue(error <= c.ulps(), c.name() + "(" + x + ", " + y + "): " + error + " ulp");
        // computed through double and rounded once: within half an ulp of the real value
        assertTrue(ulps(got, reference) <= 0.5001, c.name() + "(" + x + ", " + y + ")");
      }
      assertTrue(worst <= c.ulps(), c.name() + " worst " + worst);
    }
  }

  @Test
  void specialValues() {
    assertTrue(Float.isNaN(GpuMath.log(-1f)));
    assertEquals(Float.NEGATIVE_INFINITY, GpuMath.log(0f));
    assertEquals(Float.POSITIVE_INFINITY, GpuMath.rsqrt(0f));
    assertEquals(Float.NEGATIVE_INFINITY, GpuMath.rsqrt(-0f));
    assertEquals(-0f, GpuMath.sqrt(-0f));
    assertEquals(Float.POSITIVE_INFINITY, GpuMath.exp(100f));
    assertEquals(0f, GpuMath.exp(-200f));
    assertEquals(3f, GpuMath.log2(8f));
    assertEquals(-149f, GpuMath.log2(Float.MIN_VALUE));
    assertEquals(1024f, GpuMath.exp2(10f));
    assertEquals(1000f, GpuMath.exp10(3f));
    assertEquals(5f, GpuMath.hypot(3f, 4f));
    assertEquals(0.5f, GpuMath.rsqrt(4f));
    assertEquals(-2f, GpuMath.cbrt(-8f));
    assertEquals(0f, GpuMath.sin(0f));
    assertEquals(-0f, GpuMath.tan(-0f));
    assertEquals(1f, GpuMath.pow(0f, 0f));
  }
}
