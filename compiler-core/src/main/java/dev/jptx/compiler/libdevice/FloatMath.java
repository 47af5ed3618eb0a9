package dev.jptx.compiler.libdevice;

/**
 * {@code GpuMath}'s single-precision functions on the device: each one computed by the {@code
 * double} library and rounded once to {@code float}, as {@code GpuMath} does on the JVM. The {@code
 * double} result is within 1 ulp of {@code double}, so the {@code float} result is the correctly
 * rounded one except when the true value lies within 2^-29 ulp of a halfway point: far inside every
 * CUDA bound {@code GpuMath} promises, and almost always the JVM's bits.
 *
 * <p>Under {@code fastMath} the pass {@code FastMathLowering} replaces calls of {@code sin cos tan
 * exp exp2 exp10 log log2 log10 pow sqrt rsqrt} with the hardware approximations; it recognizes
 * this class by name.
 */
public final class FloatMath {
  /** {@code 1 / ln(2)}, rounded to double. */
  private static final double INV_LN_2 = 1.4426950408889634;

  private FloatMath() {}

  /** {@code GpuMath.sin}. */
  public static float sin(float x) {
    return (float) Trig.sin(x);
  }

  /** {@code GpuMath.cos}. */
  public static float cos(float x) {
    return (float) Trig.cos(x);
  }

  /** {@code GpuMath.tan}. */
  public static float tan(float x) {
    return (float) Trig.tan(x);
  }

  /** {@code GpuMath.asin}. */
  public static float asin(float x) {
    return (float) InverseTrig.asin(x);
  }

  /** {@code GpuMath.acos}. */
  public static float acos(float x) {
    return (float) InverseTrig.acos(x);
  }

  /** {@code GpuMath.atan}. */
  public static float atan(float x) {
    return (float) InverseTrig.atan(x);
  }

  /** {@code GpuMath.atan2}. */
  public static float atan2(float y, float x) {
    return (float) InverseTrig.atan2(y, x);
  }

  /** {@code GpuMath.sinh}. */
  public static float sinh(float x) {
    return (float) Hyperbolic.sinh(x);
  }

  /** {@code GpuMath.cosh}. */
  public static float cosh(float x) {
    return (float) Hyperbolic.cosh(x);
  }

  /** {@code GpuMath.tanh}. */
  public static float tanh(float x) {
    return (float) Hyperbolic.tanh(x);
  }

  /** {@code GpuMath.exp}. */
  public static float exp(float x) {
    return (float) ExpLog.exp(x);
  }

  /** {@code GpuMath.exp2}: {@code pow(2, x)}, exact for integral {@code x}. */
  public static float exp2(float x) {
    return (float) ExpLog.pow(2.0, x);
  }

  /** {@code GpuMath.exp10}. */
  public static float exp10(float x) {
    return (float) ExpLog.pow(10.0, x);
  }

  /** {@code GpuMath.expm1}. */
  public static float expm1(float x) {
    return (float) ExpLog.expm1(x);
  }

  /** {@code GpuMath.log}. */
  public static float log(float x) {
    return (float) ExpLog.log(x);
  }

  /**
   * {@code GpuMath.log2}: {@code log(x) / ln(2)} in double. The two roundings stay below 2 ulp of
   * double, far below half an ulp of float, so powers of two still give their exact exponent.
   */
  public static float log2(float x) {
    return (float) (ExpLog.log(x) * INV_LN_2);
  }

  /** {@code GpuMath.log10}. */
  public static float log10(float x) {
    return (float) ExpLog.log10(x);
  }

  /** {@code GpuMath.log1p}. */
  public static float log1p(float x) {
    return (float) ExpLog.log1p(x);
  }

  /** {@code GpuMath.pow}: the double {@code pow} of the float operands, whose cases it shares. */
  public static float pow(float x, float y) {
    return (float) ExpLog.pow(x, y);
  }

  /** {@code GpuMath.cbrt}. */
  public static float cbrt(float x) {
    return (float) Roots.cbrt(x);
  }

  /** {@code GpuMath.hypot}. */
  public static float hypot(float x, float y) {
    return (float) Roots.hypot(x, y);
  }

  /** {@code GpuMath.sqrt}: correctly rounded, since 53 >= 2 * 24 + 2. */
  public static float sqrt(float x) {
    return (float) Math.sqrt(x);
  }

  /** {@code GpuMath.rsqrt}: two double roundings, then one to float. */
  public static float rsqrt(float x) {
    return (float) (1.0 / Math.sqrt(x));
  }
}
