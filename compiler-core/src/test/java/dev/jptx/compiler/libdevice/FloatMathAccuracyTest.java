package dev.jptx.compiler.libdevice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@code GpuMath}'s functions as the device computes them ({@link FloatMath}: mostly the double
 * library rounded to float) against the high-precision references, in ulps of float: each must be
 * within 1 ulp ({@code exp}, computed in float, within CUDA's 2), inside every CUDA bound {@code
 * GpuMath} promises (2 ulp for {@code sin}, {@code exp}, 4 for {@code pow}, ...). Prints the
 * maximum per function for docs/math-accuracy.md. Inputs are random floats where each function's
 * result is finite and normal.
 */
class FloatMathAccuracyTest {
  private static final int N = Integer.getInteger("jptx.tests.count", 1500);
  private static final MathContext MC = ExpLogReference.MC;

  private static double check(
      String name, FloatUnary f, DoubleUnaryOperator input, Function<Float, BigDecimal> exact) {
    return check(name, 1.0, f, input, exact);
  }

  private static double check(
      String name,
      double bound,
      FloatUnary f,
      DoubleUnaryOperator input,
      Function<Float, BigDecimal> exact) {
    SplittableRandom r = new SplittableRandom(name.hashCode());
    double max = 0;
    float worst = 0;
    for (int i = 0; i < N; i++) {
      float x = (float) input.applyAsDouble(r.nextDouble());
      float got = f.apply(x);
      BigDecimal e = exact.apply(x);
      double err = floatUlps(got, e);
      if (err > max) {
        max = err;
        worst = x;
      }
    }
    System.out.printf("GpuMath.%s: max %.3f ulp (x = %s, %d inputs)%n", name, max, worst, N);
    assertTrue(max <= bound, name + ": " + max + " ulp at x = " + worst);
    return max;
  }

  /** |got - exact| in units of the float spacing at the exact value. */
  private static double floatUlps(float got, BigDecimal exact) {
    float cr = exact.floatValue();
    if (Float.isNaN(got) || Float.isInfinite(got) || Float.isInfinite(cr)) {
      return got == cr ? 0 : Double.POSITIVE_INFINITY;
    }
    BigDecimal ulp = new BigDecimal(Math.ulp(Math.abs(cr) == 0 ? Float.MIN_VALUE : cr));
    return new BigDecimal(got)
        .subtract(exact)
        .abs()
        .divide(ulp, MathContext.DECIMAL64)
        .doubleValue();
  }

  private static DoubleUnaryOperator range(double lo, double hi) {
    return u -> lo + (hi - lo) * u;
  }

  /** Wide magnitudes: sign times 2^[lo, hi). */
  private static DoubleUnaryOperator binades(int lo, int hi) {
    return u -> {
      double t = u * 2 * (hi - lo);
      double sign = t >= hi - lo ? -1 : 1;
      return sign * Math.pow(2, lo + (t % (hi - lo)));
    };
  }

  private static BigDecimal d(float x) {
    return new BigDecimal(x);
  }

  @FunctionalInterface
  interface FloatUnary {
    float apply(float x);
  }

  @Test
  void trigonometric() {
    check("sin", 2.0, FloatMath::sin, binades(-20, 30), x -> TrigReference.sin(x));
    check("cos", 2.0, FloatMath::cos, binades(-20, 30), x -> TrigReference.cos(x));
    check("tan", 4.0, FloatMath::tan, binades(-20, 30), x -> TrigReference.tan(x));
    check("asin", 2.0, FloatMath::asin, range(-1, 1), x -> TrigReference.asin(x));
    check("acos", 2.0, FloatMath::acos, range(-1, 1), x -> TrigReference.acos(x));
    check("atan", 2.0, FloatMath::atan, binades(-20, 30), x -> TrigReference.atan(x));
    check(
        "atan2",
        3.0,
        x -> FloatMath.atan2(x, 0.75f),
        range(-8, 8),
        x -> TrigReference.atan2(x, 0.75));
  }

  @Test
  void exponentialsAndLogarithms() {
    // computed in float: CUDA's expf bound (1.06 ulp seen over 2e7 inputs), subnormal results too
    check("exp", 2.0, FloatMath::exp, range(-104, 89), x -> ExpLogReference.exp(d(x)));
    check(
        "exp2",
        2.0,
        FloatMath::exp2,
        range(-125, 127),
        x -> ExpLogReference.exp(d(x).multiply(ExpLogReference.LN2, MC)));
    check(
        "exp10",
        2.0,
        FloatMath::exp10,
        range(-37, 38),
        x -> ExpLogReference.exp(d(x).multiply(ExpLogReference.LN10, MC)));
    check("expm1", FloatMath::expm1, range(-20, 20), x -> ExpLogReference.expm1(d(x)));
    check(
        "log",
        x -> FloatMath.log(Math.abs(x)),
        binades(-149, 128),
        x -> ExpLogReference.log(d(Math.abs(x))));
    check(
        "log2",
        x -> FloatMath.log2(Math.abs(x)),
        binades(-120, 120),
        x -> ExpLogReference.log(d(Math.abs(x))).divide(ExpLogReference.LN2, MC));
    check(
        "log10",
        2.0,
        x -> FloatMath.log10(Math.abs(x)),
        binades(-120, 120),
        x -> ExpLogReference.log(d(Math.abs(x))).divide(ExpLogReference.LN10, MC));
    check(
        "log1p",
        x -> FloatMath.log1p(Math.abs(x)),
        binades(-30, 60),
        x -> ExpLogReference.log(BigDecimal.ONE.add(d(Math.abs(x)))));
    check(
        "pow",
        x -> FloatMath.pow(Math.abs(x), 1.7f),
        binades(-40, 40),
        x -> ExpLogReference.pow(Math.abs(x), 1.7f));
  }

  /** The float {@code exp} and {@code log} give Java's results on the special values. */
  @Test
  void expAndLog_specialValuesAsJava() {
    float[] xs = {
      Float.NaN,
      0f,
      -0f,
      1f,
      -1f,
      Float.POSITIVE_INFINITY,
      Float.NEGATIVE_INFINITY,
      Float.MAX_VALUE,
      -Float.MAX_VALUE,
      200f,
      -200f,
      89f,
      -104f
    };
    for (float x : xs) {
      assertEquals(
          Float.floatToIntBits((float) StrictMath.exp(x)),
          Float.floatToIntBits(FloatMath.exp(x)),
          "exp(" + x + ")");
      if (x != 1f && x != 89f) {
        assertEquals(
            Float.floatToIntBits((float) StrictMath.log(x)),
            Float.floatToIntBits(FloatMath.log(x)),
            "log(" + x + ")");
      }
    }
    assertEquals(0f, FloatMath.log(1f));
    // the least subnormal: log's rescaling path, and exp's smallest nonzero result
    assertEquals((float) StrictMath.log(Float.MIN_VALUE), FloatMath.log(Float.MIN_VALUE));
    assertEquals(Float.MIN_VALUE, FloatMath.exp(-103.5f));
  }

  /**
   * The functions computed in float give the JVM's bits on the special values: signed zeros,
   * infinities, NaN, the least subnormal, the overflowing and saturating extremes (not for the
   * periodic functions, whose large arguments are ordinary), and the powers of two that {@code
   * exp2} must give exactly.
   */
  @Test
  void floatAlgorithms_specialValuesAsJava() {
    float[] xs = {
      Float.NaN,
      0f,
      -0f,
      Float.POSITIVE_INFINITY,
      Float.NEGATIVE_INFINITY,
      Float.MAX_VALUE,
      -Float.MAX_VALUE,
      Float.MIN_VALUE,
      -Float.MIN_VALUE,
      200f,
      -200f
    };
    for (float x : xs) {
      if (Math.abs(x) < 100f || Float.isNaN(x) || Float.isInfinite(x)) {
        same("sin", (float) Math.sin(x), FloatMath.sin(x), x);
        same("cos", (float) Math.cos(x), FloatMath.cos(x), x);
        same("tan", (float) Math.tan(x), FloatMath.tan(x), x);
      }
      same("asin", (float) Math.asin(x), FloatMath.asin(x), x);
      same("atan", (float) Math.atan(x), FloatMath.atan(x), x);
      same("tanh", (float) Math.tanh(x), FloatMath.tanh(x), x);
      same("sinh", (float) Math.sinh(x), FloatMath.sinh(x), x);
      same("cosh", (float) Math.cosh(x), FloatMath.cosh(x), x);
      if (!(x > 0f) || Float.isInfinite(x)) {
        same("log2", (float) (Math.log(x) / Math.log(2)), FloatMath.log2(x), x);
        same("log10", (float) Math.log10(x), FloatMath.log10(x), x);
      }
      same("rsqrt", (float) (1 / Math.sqrt(x)), FloatMath.rsqrt(x), x);
      same("acos", (float) Math.acos(x), FloatMath.acos(x), x);
      same("expm1", (float) Math.expm1(x), FloatMath.expm1(x), x);
      same("log1p", (float) Math.log1p(x), FloatMath.log1p(x), x);
      if (!Float.isFinite(x) || x == 0f) {
        same("cbrt", (float) Math.cbrt(x), FloatMath.cbrt(x), x);
      }
      if (Math.abs(x) != Float.MIN_VALUE) {
        same("exp2", (float) Math.pow(2, x), FloatMath.exp2(x), x);
        same("exp10", (float) Math.pow(10, x), FloatMath.exp10(x), x);
      }
    }
    for (float x : xs) {
      for (float y : xs) {
        if (!(x == y && Float.isFinite(x) && x != 0f && Math.abs(x) != Float.MIN_VALUE)) {
          same("hypot", (float) Math.hypot(x, y), FloatMath.hypot(x, y), x);
        }
        if (!(Float.isFinite(x) && Float.isFinite(y) && x != 0f && y != 0f)) {
          same("atan2(" + y + ", x)", (float) Math.atan2(y, x), FloatMath.atan2(y, x), x);
        }
      }
    }
    // pow's cases: every pair of the special values and of 1, -1, 2, 3 (odd), 0.5 and 2.5, where
    // Java's result is special (NaN, a zero, an infinity, 1) and thus exact
    float[] powOperands = new float[xs.length + 6];
    System.arraycopy(xs, 0, powOperands, 0, xs.length);
    System.arraycopy(new float[] {1f, -1f, 2f, 3f, 0.5f, 2.5f}, 0, powOperands, xs.length, 6);
    for (float x : powOperands) {
      for (float y : powOperands) {
        float expected = (float) Math.pow(x, y);
        if (!Float.isFinite(expected) || expected == 0f || Math.abs(expected) == 1f) {
          same("pow(x, " + y + ")", expected, FloatMath.pow(x, y), x);
        }
      }
    }
    // log1p's pole and domain's end, expm1's saturation and overflow, and where both are x
    for (float x : new float[] {-1f, -1.5f, 0x1p-25f, -0x1p-25f, -20f, 88.8f}) {
      same("log1p", (float) Math.log1p(x), FloatMath.log1p(x), x);
      same("expm1", (float) Math.expm1(x), FloatMath.expm1(x), x);
    }
    // ordinary values at the edges of their reductions and of log1p's correction: within 1 ulp
    for (float x : new float[] {-0.99999994f, -0.25f, 0.25f, 0x1p24f, 0x1.000002p24f}) {
      double exact = Math.log1p(x);
      assertTrue(Math.abs(FloatMath.log1p(x) - exact) <= Math.ulp((float) exact), "log1p " + x);
    }
    for (float x : new float[] {-0.35f, 0.35f, -0.25f, 0.25f, 88.72f}) {
      double exact = Math.expm1(x);
      assertTrue(Math.abs(FloatMath.expm1(x) - exact) <= Math.ulp((float) exact), "expm1 " + x);
    }
    // the ends of asin's and acos's domain, where the half-angle form takes a root of 0
    for (float x : new float[] {1f, -1f}) {
      same("asin", (float) Math.asin(x), FloatMath.asin(x), x);
      same("acos", (float) Math.acos(x), FloatMath.acos(x), x);
      if (!Float.isFinite(x) || x == 0f) {
        same("cbrt", (float) Math.cbrt(x), FloatMath.cbrt(x), x);
      }
    }
    for (int k = -160; k <= 130; k++) {
      same("exp2", (float) Math.pow(2, k), FloatMath.exp2(k), k);
      if (k >= -49 && k <= 42) {
        float cube = (float) Math.pow(2, 3 * k);
        same("cbrt", (float) Math.pow(2, k), FloatMath.cbrt(cube), cube);
      }
      if (k >= -149 && k <= 127) {
        same("log2", k, FloatMath.log2((float) Math.pow(2, k)), (float) Math.pow(2, k));
      }
    }
  }

  private static void same(String name, float expected, float got, float x) {
    assertEquals(
        Float.floatToIntBits(expected), Float.floatToIntBits(got), name + "(" + x + ") = " + got);
  }

  @Test
  void hyperbolicAndRoots() {
    check("sinh", 3.0, FloatMath::sinh, range(-80, 80), x -> ExpLogReference.sinh(d(x)));
    check("cosh", 2.0, FloatMath::cosh, range(-80, 80), x -> ExpLogReference.cosh(d(x)));
    check("tanh", 2.0, FloatMath::tanh, range(-10, 10), x -> ExpLogReference.tanh(d(x)));
    check("cbrt", FloatMath::cbrt, binades(-120, 120), x -> TrigReference.cbrt(x));
    check(
        "hypot",
        3.0,
        x -> FloatMath.hypot(x, 3.25f),
        binades(-20, 20),
        x -> TrigReference.hypot(x, 3.25));
    check(
        "sqrt", x -> FloatMath.sqrt(Math.abs(x)), binades(-120, 120), x -> d(Math.abs(x)).sqrt(MC));
    check(
        "rsqrt",
        2.0,
        x -> FloatMath.rsqrt(Math.abs(x)),
        binades(-120, 120),
        x -> BigDecimal.ONE.divide(d(Math.abs(x)).sqrt(MC), MC));
  }
}
