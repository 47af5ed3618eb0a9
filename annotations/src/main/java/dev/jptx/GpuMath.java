package dev.jptx;

/**
 * Single-precision math for kernels: each function takes and returns {@code float}, within the
 * maximum error CUDA documents for the matching single-precision function (the CUDA C Programming
 * Guide's table of maximum ulp errors for the standard functions, full range, without {@code
 * -use_fast_math}). Java has no {@code float} versions of these; {@code (float) Math.exp(x)} is a
 * {@code double} computation and compiles as one.
 *
 * <p>PTX: each function compiles from jptx's own implementation of the CUDA algorithm (a libdevice
 * written in Java), except {@code sqrt}, which is {@code sqrt.rn.f32}. With {@code
 * Kernel#fastMath()} (or the build's {@code fastMath}) some map to the hardware approximations
 * named on each method, whose errors are larger.
 *
 * <p>JVM: each is computed in {@code double} through {@link StrictMath} (fdlibm, so the same bits
 * on every JDK) and rounded to {@code float}. fdlibm's {@code double} error is below 1 ulp of
 * {@code double}, so the {@code float} result is within 0.5 ulp plus a vanishing fraction of an
 * ulp: the correctly rounded result except in rare near-halfway cases, well inside every bound
 * below. These are pure functions and work outside a launch.
 */
public final class GpuMath {
  private static final double LN_2 = 0.6931471805599453;

  private GpuMath() {}

  /**
   * {@code sin(x)} within 2 ulp (CUDA {@code sinf}). With {@code fastMath}: {@code sin.approx.f32}.
   */
  public static float sin(float x) {
    return (float) StrictMath.sin(x);
  }

  /**
   * {@code cos(x)} within 2 ulp (CUDA {@code cosf}). With {@code fastMath}: {@code cos.approx.f32}.
   */
  public static float cos(float x) {
    return (float) StrictMath.cos(x);
  }

  /**
   * {@code tan(x)} within 4 ulp (CUDA {@code tanf}). With {@code fastMath}: {@code sin.approx.f32},
   * {@code cos.approx.f32} and {@code div.approx.f32}.
   */
  public static float tan(float x) {
    return (float) StrictMath.tan(x);
  }

  /** {@code asin(x)} within 2 ulp (CUDA {@code asinf}). */
  public static float asin(float x) {
    return (float) StrictMath.asin(x);
  }

  /** {@code acos(x)} within 2 ulp (CUDA {@code acosf}). */
  public static float acos(float x) {
    return (float) StrictMath.acos(x);
  }

  /** {@code atan(x)} within 2 ulp (CUDA {@code atanf}). */
  public static float atan(float x) {
    return (float) StrictMath.atan(x);
  }

  /** {@code atan2(y, x)} within 3 ulp (CUDA {@code atan2f}). */
  public static float atan2(float y, float x) {
    return (float) StrictMath.atan2(y, x);
  }

  /** {@code sinh(x)} within 3 ulp (CUDA {@code sinhf}). */
  public static float sinh(float x) {
    return (float) StrictMath.sinh(x);
  }

  /** {@code cosh(x)} within 2 ulp (CUDA {@code coshf}). */
  public static float cosh(float x) {
    return (float) StrictMath.cosh(x);
  }

  /**
   * {@code tanh(x)} within 2 ulp (CUDA {@code tanhf}). With {@code fastMath}: {@code
   * tanh.approx.f32} (sm_75).
   */
  public static float tanh(float x) {
    return (float) StrictMath.tanh(x);
  }

  /**
   * {@code exp(x)} within 2 ulp (CUDA {@code expf}). With {@code fastMath}: {@code ex2.approx.f32}
   * of {@code x * log2(e)}.
   */
  public static float exp(float x) {
    return (float) StrictMath.exp(x);
  }

  /**
   * {@code exp2(x)} within 2 ulp (CUDA {@code exp2f}). With {@code fastMath}: {@code
   * ex2.approx.f32}.
   */
  public static float exp2(float x) {
    return (float) StrictMath.pow(2.0, x);
  }

  /**
   * {@code exp10(x)} within 2 ulp (CUDA {@code exp10f}). With {@code fastMath}: {@code
   * ex2.approx.f32} of {@code x * log2(10)}.
   */
  public static float exp10(float x) {
    return (float) StrictMath.pow(10.0, x);
  }

  /** {@code expm1(x)} within 1 ulp (CUDA {@code expm1f}). */
  public static float expm1(float x) {
    return (float) StrictMath.expm1(x);
  }

  /**
   * {@code log(x)} within 1 ulp (CUDA {@code logf}). With {@code fastMath}: {@code lg2.approx.f32}
   * times {@code ln(2)}.
   */
  public static float log(float x) {
    return (float) StrictMath.log(x);
  }

  /**
   * {@code log2(x)} within 1 ulp (CUDA {@code log2f}). With {@code fastMath}: {@code
   * lg2.approx.f32}.
   */
  public static float log2(float x) {
    return (float) log2Double(x);
  }

  /**
   * {@code log10(x)} within 2 ulp (CUDA {@code log10f}). With {@code fastMath}: {@code
   * lg2.approx.f32} times {@code log10(2)}.
   */
  public static float log10(float x) {
    return (float) StrictMath.log10(x);
  }

  /** {@code log1p(x)} within 1 ulp (CUDA {@code log1pf}). */
  public static float log1p(float x) {
    return (float) StrictMath.log1p(x);
  }

  /**
   * {@code pow(x, y)} within 4 ulp (CUDA {@code powf}). With {@code fastMath}: {@code
   * lg2.approx.f32}, a multiply and {@code ex2.approx.f32}.
   */
  public static float pow(float x, float y) {
    return (float) StrictMath.pow(x, y);
  }

  /** {@code cbrt(x)} within 1 ulp (CUDA {@code cbrtf}). */
  public static float cbrt(float x) {
    return (float) StrictMath.cbrt(x);
  }

  /** {@code hypot(x, y)} within 3 ulp (CUDA {@code hypotf}). */
  public static float hypot(float x, float y) {
    return (float) StrictMath.hypot(x, y);
  }

  /**
   * {@code sqrt(x)} correctly rounded (0 ulp, as IEEE {@code sqrt.rn.f32}). With {@code fastMath}:
   * {@code sqrt.approx.f32}.
   */
  public static float sqrt(float x) {
    return (float) StrictMath.sqrt(x);
  }

  /**
   * {@code rsqrt(x)} within 2 ulp (CUDA {@code rsqrtf}). With {@code fastMath}: {@code
   * rsqrt.approx.f32}.
   */
  public static float rsqrt(float x) {
    return (float) (1.0 / StrictMath.sqrt(x));
  }

  /** log2 in double: exact for powers of two, otherwise far below a float ulp off. */
  private static double log2Double(double x) {
    if (x > 0 && x < Double.POSITIVE_INFINITY) {
      int e = Math.getExponent(x);
      if (e >= Double.MIN_EXPONENT) {
        double m = Math.scalb(x, -e); // in [1, 2)
        return m == 1.0 ? e : e + StrictMath.log(m) / LN_2;
      }
    }
    return StrictMath.log(x) / LN_2;
  }
}
