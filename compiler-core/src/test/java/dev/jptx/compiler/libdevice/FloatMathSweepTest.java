package dev.jptx.compiler.libdevice;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link FloatMath}'s single-precision algorithms over evenly spaced float bit patterns (every one
 * of the 2^32 with {@code -Djptx.tests.exhaustive=true}, a million by default), against {@code
 * Math}'s double result, which is within 2^-29 ulp of float of the exact value: far finer than the
 * CUDA bounds checked here. Overflow must give infinity, NaN NaN. Prints each maximum for
 * docs/math-accuracy.md.
 */
class FloatMathSweepTest {
  private static final long STEP =
      "true".equals(System.getProperty(UlpTracker.EXHAUSTIVE)) ? 1 : 4099;

  private static void sweep(
      String name,
      double bound,
      FloatMathAccuracyTest.FloatUnary f,
      DoubleUnaryOperator reference) {
    double max = 0;
    float worst = 0;
    long count = 0;
    for (long bits = 0; bits < 1L << 32; bits += STEP) {
      float x = Float.intBitsToFloat((int) bits);
      float got = f.apply(x);
      double exact = reference.applyAsDouble(x);
      double err = ulps(got, exact);
      count++;
      if (!(err <= max)) {
        max = err;
        worst = x;
      }
    }
    String line =
        String.format(
            "GpuMath.%s: max %.3f ulp (x = %s, %d inputs, bound %.2f)",
            name, max, worst, count, bound);
    System.out.println(line);
    assertTrue(max <= bound, line);
  }

  /** |got - exact| in ulps of float at the correctly rounded value; 0 or infinity if not finite. */
  private static double ulps(float got, double exact) {
    float rounded = (float) exact;
    if (Double.isNaN(exact)
        || Float.isInfinite(rounded)
        || Float.isNaN(got)
        || Float.isInfinite(got)) {
      return Float.floatToIntBits(got) == Float.floatToIntBits(rounded)
          ? 0
          : Double.POSITIVE_INFINITY;
    }
    return Math.abs(got - exact) / Math.ulp(rounded);
  }

  @Test
  void trigonometric() {
    sweep("sin", 2, FloatMath::sin, Math::sin);
    sweep("cos", 2, FloatMath::cos, Math::cos);
    sweep("tan", 4, FloatMath::tan, Math::tan);
    sweep("asin", 2, FloatMath::asin, Math::asin);
    sweep("acos", 2, FloatMath::acos, Math::acos);
    sweep("atan", 2, FloatMath::atan, Math::atan);
    sweep("atan2", 3, x -> FloatMath.atan2(x, -0.75f), x -> Math.atan2(x, -0.75));
    sweep("atan2", 3, x -> FloatMath.atan2(rotated(x), x), x -> Math.atan2(rotated((float) x), x));
  }

  @Test
  void hyperbolic() {
    sweep("sinh", 3, FloatMath::sinh, Math::sinh);
    sweep("cosh", 2, FloatMath::cosh, Math::cosh);
    sweep("tanh", 2, FloatMath::tanh, Math::tanh);
  }

  @Test
  void exponentials() {
    sweep("exp", 2, FloatMath::exp, Math::exp);
    sweep("exp2", 2, FloatMath::exp2, x -> Math.pow(2, x));
    sweep("exp10", 2, FloatMath::exp10, x -> Math.pow(10, x));
    // 1 ulp: 0.728 seen over all 2^32 inputs
    sweep("expm1", 1, FloatMath::expm1, Math::expm1);
  }

  @Test
  void logarithmsAndRoots() {
    sweep("log", 1, FloatMath::log, Math::log);
    sweep("log2", 1, FloatMath::log2, x -> Math.log(x) / Math.log(2));
    sweep("log10", 2, FloatMath::log10, Math::log10);
    // 1 ulp: 0.786 seen over all 2^32 inputs
    sweep("log1p", 1, FloatMath::log1p, Math::log1p);
    sweep("rsqrt", 2, FloatMath::rsqrt, x -> 1 / Math.sqrt(x));
    sweep("cbrt", 1, FloatMath::cbrt, Math::cbrt);
    sweep("hypot", 3, x -> FloatMath.hypot(x, 1.5f), x -> Math.hypot(x, 1.5));
    // the second operand from the first's bits, rotated: every magnitude against every other
    sweep("hypot", 3, x -> FloatMath.hypot(x, rotated(x)), x -> Math.hypot(x, rotated((float) x)));
  }

  /**
   * The functions built on a hardware approximation ({@link HardwareApprox}: {@code ex2} under
   * {@code exp exp10 sinh cosh tanh pow cbrt}, {@code rcp} under every reciprocal and quotient)
   * with the approximation a whole ulp off either way, beyond the simulator's correctly rounded
   * model. Those whose reciprocal a Newton step refines, and {@code exp} and {@code exp10}, stay
   * within CUDA's bounds. {@code sinh}, {@code cosh} and {@code tanh} use {@code 2^t} unrefined, as
   * nvcc's {@code sinhf}, {@code coshf} and {@code tanhf} do, and need it within about half an ulp
   * of the correctly rounded value for CUDA's bounds: off by a whole ulp they reach the larger
   * figures checked here (docs/math-accuracy.md; the GPU report measures the hardware). {@code
   * exp2} and {@code rsqrt} are the instructions themselves: their bound is the ISA's.
   */
  @ParameterizedTest(name = "hardware off by {0} ulp")
  @ValueSource(ints = {-1, 1})
  void approximationsOffByAnUlp(int ulps) {
    HardwareApprox.errorUlps = ulps;
    try {
      sweep("exp", 2, FloatMath::exp, Math::exp);
      sweep("exp10", 2, FloatMath::exp10, x -> Math.pow(10, x));
      sweep("sinh", 3.75, FloatMath::sinh, Math::sinh);
      sweep("cosh", 2.25, FloatMath::cosh, Math::cosh);
      sweep("tanh", 2.25, FloatMath::tanh, Math::tanh);
      sweep("tan", 4, FloatMath::tan, Math::tan);
      sweep("atan", 2, FloatMath::atan, Math::atan);
      sweep("atan2", 3, x -> FloatMath.atan2(x, -0.75f), x -> Math.atan2(x, -0.75));
      sweep(
          "atan2", 3, x -> FloatMath.atan2(rotated(x), x), x -> Math.atan2(rotated((float) x), x));
      sweep("pow(x, 1.7)", 4, x -> FloatMath.pow(x, 1.7f), x -> Math.pow(x, 1.7f));
      sweep(
          "pow(x, y)",
          4,
          x -> FloatMath.pow(Math.abs(x), smallRotated(x)),
          x -> Math.pow(Math.abs(x), smallRotated((float) x)));
      sweep("asin", 2, FloatMath::asin, Math::asin);
      sweep("acos", 2, FloatMath::acos, Math::acos);
      sweep("cbrt", 1, FloatMath::cbrt, Math::cbrt);
      sweep("hypot", 3, x -> FloatMath.hypot(x, 1.5f), x -> Math.hypot(x, 1.5));
    } finally {
      HardwareApprox.errorUlps = 0;
    }
  }

  /** {@code pow} against {@code Math.pow}: fixed exponents, and one from the base's bits. */
  @Test
  void power() {
    for (float y : new float[] {1.7f, -2.5f, 3f, 0.1f, -31f}) {
      sweep("pow(x, " + y + ")", 4, x -> FloatMath.pow(x, y), x -> Math.pow(x, y));
    }
    // exponents of every magnitude against every base: the results reach both ends of the range
    sweep(
        "pow(x, y)",
        4,
        x -> FloatMath.pow(Math.abs(x), smallRotated(x)),
        x -> Math.pow(Math.abs(x), smallRotated((float) x)));
  }

  /** An exponent from {@code x}'s bits, rotated, of magnitude below 2^7. */
  private static float smallRotated(float x) {
    int bits = Integer.rotateLeft(Float.floatToRawIntBits(x), 11);
    return Float.intBitsToFloat(bits & 0x83ffffff | 0x38000000);
  }

  private static float rotated(float x) {
    return Float.intBitsToFloat(Integer.rotateLeft(Float.floatToRawIntBits(x), 7));
  }
}
