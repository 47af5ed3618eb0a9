package dev.jptx.compiler.libdevice;

/**
 * {@code GpuMath}'s single-precision functions on the device. {@code exp} and {@code log}, the
 * common ones, are computed in {@code float} within CUDA's bounds; {@code sqrt} is the double root
 * rounded to float, which the optimizer narrows to {@code sqrt.rn.f32}. The others are computed by
 * the {@code double} library and rounded once to {@code float}, as {@code GpuMath} does on the JVM.
 * The {@code double} result is within 1 ulp of {@code double}, so the {@code float} result is the
 * correctly rounded one except when the true value lies within 2^-29 ulp of a halfway point: far
 * inside every CUDA bound {@code GpuMath} promises, and almost always the JVM's bits.
 *
 * <p>Under {@code fastMath} the pass {@code FastMathLowering} replaces calls of {@code sin cos tan
 * exp exp2 exp10 log log2 log10 pow sqrt rsqrt} with the hardware approximations; it recognizes
 * this class by name.
 */
public final class FloatMath {
  /** {@code 1 / ln(2)}, rounded to double. */
  private static final double INV_LN_2 = 1.4426950408889634;

  /** {@code 1 / ln(2)}, rounded to float. */
  private static final float LOG2_E = 0x1.715476p0f;

  /** {@code ln(2)} rounded to float, and the rest: {@code ln 2 = LN2_HI + LN2_LO} to 2^-55. */
  private static final float LN2_HI = 0x1.62e43p-1f;

  private static final float LN2_LO = -0x1.05c61p-29f;

  /** {@code 1.5 * 2^23}: adding it rounds a float below 2^22 in magnitude to an integer. */
  private static final float ROUNDER = 0x1.8p23f;

  private static final int ROUNDER_BITS = 0x4b400000;

  /** The bits of the float nearest 2/3, where {@link #log}'s reduction starts a binade. */
  private static final int TWO_THIRDS_BITS = 0x3f2aaaab;

  private static final int FLOAT_BIAS = 127;
  private static final int FLOAT_MANTISSA = 23;

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

  /**
   * {@code GpuMath.exp} in single precision (within 1.1 ulp; CUDA's {@code expf} promises 2):
   * {@code x = k ln2 + r} with {@code |r| <= ln2/2}, {@code e^r = 1 + r + r^2 p(r)} by a degree-4
   * fit (Chebyshev, coefficients rounded to float), then {@code 2^k} applied as two powers of two
   * so that subnormal results are rounded once and overflow gives infinity.
   */
  public static float exp(float x) {
    // e^-104 rounds to 0 and e^89 overflows: clamping keeps k's magic-number rounding in range
    // and leaves NaN alone (both comparisons are false)
    float y = x < -104f ? -104f : x;
    y = y > 89f ? 89f : y;
    float rounded = Math.fma(y, LOG2_E, ROUNDER);
    int k = Float.floatToRawIntBits(rounded) - ROUNDER_BITS;
    float kf = rounded - ROUNDER;
    // kf * LN2_HI has its last bit at 2^-24 and |r| < 1/2: the first step is exact
    float r = Math.fma(kf, -LN2_HI, y);
    r = Math.fma(kf, -LN2_LO, r);
    float p = Math.fma(0x1.6d10fcp-10f, r, 0x1.120b62p-7f);
    p = Math.fma(p, r, 0x1.55551ap-5f);
    p = Math.fma(p, r, 0x1.5554dep-3f);
    p = Math.fma(p, r, 0.5f);
    float expm1 = Math.fma(r * r, p, r);
    int k1 = k >> 1;
    float scale1 = Float.intBitsToFloat((k1 + FLOAT_BIAS) << FLOAT_MANTISSA);
    float scale2 = Float.intBitsToFloat((k - k1 + FLOAT_BIAS) << FLOAT_MANTISSA);
    return Math.fma(expm1, scale1, scale1) * scale2;
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

  /**
   * {@code GpuMath.log} in single precision (within 1 ulp, CUDA's {@code logf} bound): {@code x =
   * 2^e m} with {@code m} in {@code [2/3, 4/3)}, {@code log(m) = f + f^2 q(f)} for {@code f = m -
   * 1} (exact) by a degree-8 fit, plus {@code e ln2} in two parts.
   */
  public static float log(float x) {
    boolean subnormal = x < Float.MIN_NORMAL;
    float z = subnormal ? x * 0x1p23f : x;
    int bits = Float.floatToRawIntBits(z);
    // subtracting the bits of 2/3 carries into the exponent exactly when m would reach 4/3
    int e = (bits - TWO_THIRDS_BITS) >> FLOAT_MANTISSA;
    float f = Float.intBitsToFloat(bits - (e << FLOAT_MANTISSA)) - 1f;
    float fe = (float) e + (subnormal ? -23f : 0f);
    float q = Math.fma(-0x1.fcd036p-4f, f, 0x1.1990bcp-3f);
    q = Math.fma(q, f, -0x1.f75896p-4f);
    q = Math.fma(q, f, 0x1.1fdcf0p-3f);
    q = Math.fma(q, f, -0x1.557832p-3f);
    q = Math.fma(q, f, 0x1.99bf86p-3f);
    q = Math.fma(q, f, -0x1.ffffb6p-3f);
    q = Math.fma(q, f, 0x1.55552cp-2f);
    q = Math.fma(q, f, -0.5f);
    float y = Math.fma(fe, LN2_HI, Math.fma(fe, LN2_LO, Math.fma(f * f, q, f)));
    if (!(x > 0f && x < Float.POSITIVE_INFINITY)) {
      return x == 0f ? Float.NEGATIVE_INFINITY : x > 0f ? x : Float.NaN;
    }
    return y;
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
