package dev.jptx.compiler.libdevice;

/**
 * {@code GpuMath}'s single-precision functions on the device. {@code sin cos tan asin acos atan
 * atan2 sinh cosh tanh exp exp2 exp10 expm1 log log2 log10 log1p cbrt hypot rsqrt} are computed in
 * {@code float} within CUDA's bounds for their {@code f}-suffixed twins and without {@code
 * div.rn.f32} or {@code sqrt.rn.f32} (Newton steps from bit-pattern seeds instead), so that their
 * code stays near nvcc's size (docs/math-accuracy.md; polynomials by build-config/math-fit/fit.py);
 * {@code sqrt} is the double root rounded to float, which the optimizer narrows to {@code
 * sqrt.rn.f32}. {@code pow} is still the {@code double} library rounded once to {@code float}, as
 * {@code GpuMath} does on the JVM: correctly rounded except when the true value lies within 2^-29
 * ulp of a halfway point.
 *
 * <p>Under {@code fastMath} the pass {@code FastMathLowering} replaces calls of {@code sin cos tan
 * exp exp2 exp10 log log2 log10 pow sqrt rsqrt} with the hardware approximations; it recognizes
 * this class by name.
 */
public final class FloatMath {
  /** {@code 1 / ln(2)}, rounded to float. */
  private static final float LOG2_E = 0x1.715476p0f;

  /** {@code log2(e)}, rounded to double. */
  private static final double LOG2_E_DOUBLE = 1.4426950408889634;

  /** {@code log2(e) - LOG2_E}, rounded to float. */
  private static final float LOG2_E_LO = 0x1.4ae0c0p-26f;

  /** {@code log2(10) - LOG2_10}, rounded to float. */
  private static final float LOG2_10_LO = 0x1.2f346ep-24f;

  /** {@code ln(2)} rounded to float, and the rest: {@code ln 2 = LN2_HI + LN2_LO} to 2^-55. */
  private static final float LN2_HI = 0x1.62e43p-1f;

  private static final float LN2_LO = -0x1.05c61p-29f;

  /** {@code 1.5 * 2^23}: adding it rounds a float below 2^22 in magnitude to an integer. */
  private static final float ROUNDER = 0x1.8p23f;

  private static final int ROUNDER_BITS = 0x4b400000;

  /** The bits of the float nearest 2/3, where {@link #log}'s reduction starts a binade. */
  private static final int TWO_THIRDS_BITS = 0x3f2aaaab;

  /** {@code S(u)} and {@code C(u)} of {@link #sinCos}, fitted by build-config/math-fit/fit.py. */
  private static final float SIN_1 = -0x1.555546p-3f;

  private static final float SIN_2 = 0x1.110778p-7f;
  private static final float SIN_3 = -0x1.995408p-13f;
  private static final float COS_1 = -0x1.000000p-1f;
  private static final float COS_2 = 0x1.55554ap-5f;
  private static final float COS_3 = -0x1.6c0c2ap-10f;
  private static final float COS_4 = 0x1.99e914p-16f;

  /** {@code P(u)} of {@link #tanh}, fitted by build-config/math-fit/fit.py. */
  private static final float TANH_1 = -0x1.555548p-2f;

  private static final float TANH_2 = 0x1.110c64p-3f;
  private static final float TANH_3 = -0x1.b9075ap-5f;
  private static final float TANH_4 = 0x1.582260p-6f;
  private static final float TANH_5 = -0x1.94bf44p-8f;

  /** {@code P(r)} of {@link #expm1}, by build-config/math-fit/fit.py (2^-31 relative). */
  private static final float EXPM1_1 = 0x1.000000p-1f;

  private static final float EXPM1_2 = 0x1.555554p-3f;
  private static final float EXPM1_3 = 0x1.5554f4p-5f;
  private static final float EXPM1_4 = 0x1.1112c8p-7f;
  private static final float EXPM1_5 = 0x1.6d4054p-10f;
  private static final float EXPM1_6 = 0x1.9e9c76p-13f;

  /** {@code log2(10)}, rounded to float. */
  private static final float LOG2_10 = 0x1.a934f0p1f;

  /** {@code P(u)} of {@link #sinh}, by build-config/math-fit/fit.py. */
  private static final float SINH_1 = 0x1.555556p-3f;

  private static final float SINH_2 = 0x1.1110e0p-7f;
  private static final float SINH_3 = 0x1.a02292p-13f;
  private static final float SINH_4 = 0x1.757766p-19f;

  /** {@code Q(f)} of {@link #log2}, by build-config/math-fit/fit.py. */
  private static final float LOG2_1 = -0x1.715476p-1f;

  private static final float LOG2_2 = 0x1.ec7030p-2f;
  private static final float LOG2_3 = -0x1.7153dep-2f;
  private static final float LOG2_4 = 0x1.279d72p-2f;
  private static final float LOG2_5 = -0x1.ecd15ap-3f;
  private static final float LOG2_6 = 0x1.9de55ep-3f;
  private static final float LOG2_7 = -0x1.684a52p-3f;
  private static final float LOG2_8 = 0x1.9cdfeep-3f;
  private static final float LOG2_9 = -0x1.7bed42p-3f;

  /** {@code 1/ln(2)} and {@code log10(2)}, rounded to double. */
  private static final double INV_LN2_DOUBLE = 0x1.71547652b82fep0;

  private static final double LOG10_2_DOUBLE = 0x1.34413509f79ffp-2;

  /** {@code ln(2)}, rounded to double. */
  private static final double LN2_DOUBLE = 0x1.62e42fefa39efp-1;

  private static final int DOUBLE_BIAS = 1023;
  private static final int DOUBLE_MANTISSA = 52;

  /** {@code A(u)} of {@link #atan} and {@code B(u)} of {@link #asinKernel}, by fit.py. */
  private static final float ATAN_1 = -0x1.55553ep-2f;

  private static final float ATAN_2 = 0x1.9991eap-3f;
  private static final float ATAN_3 = -0x1.2420fap-3f;
  private static final float ATAN_4 = 0x1.c092dep-4f;
  private static final float ATAN_5 = -0x1.5820f8p-4f;
  private static final float ATAN_6 = 0x1.da8a34p-5f;
  private static final float ATAN_7 = -0x1.fe581cp-6f;
  private static final float ATAN_8 = 0x1.652948p-7f;
  private static final float ATAN_9 = -0x1.d5581ap-10f;
  private static final float ASIN_1 = 0x1.555526p-3f;
  private static final float ASIN_2 = 0x1.334930p-4f;
  private static final float ASIN_3 = 0x1.6a59f8p-5f;
  private static final float ASIN_4 = 0x1.169b42p-5f;
  private static final float ASIN_5 = 0x1.ba203cp-8f;
  private static final float ASIN_6 = 0x1.84f40ap-5f;

  /**
   * Where {@code asin} and {@code acos} switch to the half-angle form: there {@code asin(s)} stays
   * below 1/2, so that doubling it costs no more than an ulp of the result.
   */
  private static final float ASIN_SPLIT = 0.5625f;

  /** {@code pi/4} rounded, and {@code pi/2} and {@code pi} as float plus the rest. */
  private static final float PIO4 = 0x1.921fb6p-1f;

  private static final float PIO2_HI = 0x1.921fb6p0f;

  private static final float PIO2_LO = -0x1.777a5cp-25f;
  private static final float PI_HI = 0x1.921fb6p1f;
  private static final float PI_LO = -0x1.777a5cp-24f;

  private static final int SIGN_BIT = 0x80000000;

  private static final int FLOAT_BIAS = 127;
  private static final int FLOAT_MANTISSA = 23;

  private FloatMath() {}

  /**
   * {@code GpuMath.sin} in single precision (CUDA's {@code sinf} bound, 2 ulp): see {@link
   * #sinCos}.
   */
  public static float sin(float x) {
    return sinCos(FloatTrigReduction.reduce(x), 0);
  }

  /** {@code GpuMath.cos}: {@code sin(x + pi/2)}, one quadrant on. */
  public static float cos(float x) {
    return sinCos(FloatTrigReduction.reduce(x), 1);
  }

  /**
   * {@code GpuMath.tan} (CUDA's {@code tanf} bound, 4 ulp): {@code sin(r) / cos(r)}, or {@code
   * -cos(r) / sin(r)} in odd quadrants, the quotient by {@link #divide} (no {@code div.rn.f32},
   * whose slow path alone is four times nvcc's whole {@code tanf}).
   */
  public static float tan(float x) {
    long reduced = FloatTrigReduction.reduce(x);
    float r = FloatTrigReduction.remainder(reduced);
    float u = r * r;
    float s = Math.fma(r, Math.fma(sinPolynomial(u), u, 0f), r);
    float c = Math.fma(u, cosPolynomial(u), 1f);
    boolean odd = (FloatTrigReduction.quadrant(reduced) & 1) != 0;
    return odd ? divide(c, -s) : divide(s, c);
  }

  /**
   * {@code sin(r + q pi/2)} for the reduction {@code (q, r)}, {@code |r| <= pi/4}, plus {@code
   * shift} quadrants: {@code r (1 + u S(u))} or {@code 1 + u C(u)} ({@code u = r^2}) by one Horner
   * chain whose coefficients are picked by the quadrant, as one branch-free sequence. The {@code
   * fma(p, u, 0)} turns the product's {@code -0} into {@code +0} so that {@code sin(-0)} is {@code
   * -0}.
   */
  private static float sinCos(long reduced, int shift) {
    float r = FloatTrigReduction.remainder(reduced);
    int q = FloatTrigReduction.quadrant(reduced) + shift;
    boolean odd = (q & 1) != 0;
    float u = r * r;
    float p = Math.fma(odd ? COS_4 : 0f, u, odd ? COS_3 : SIN_3);
    p = Math.fma(p, u, odd ? COS_2 : SIN_2);
    p = Math.fma(p, u, odd ? COS_1 : SIN_1);
    float base = odd ? 1f : r;
    float v = Math.fma(base, Math.fma(p, u, 0f), base);
    return (q & 2) != 0 ? -v : v;
  }

  /** {@code S(u)}: {@code sin r = r + r^3 S(r^2)} on {@code |r| <= pi/4}, 2^-27.9 relative. */
  private static float sinPolynomial(float u) {
    return Math.fma(Math.fma(SIN_3, u, SIN_2), u, SIN_1);
  }

  /** {@code C(u)}: {@code cos r = 1 + r^2 C(r^2)} on {@code |r| <= pi/4}, 2^-33 relative. */
  private static float cosPolynomial(float u) {
    return Math.fma(Math.fma(Math.fma(COS_4, u, COS_3), u, COS_2), u, COS_1);
  }

  /**
   * {@code 1 / d} for a normal {@code d} of either sign below 2^126, within an ulp: {@code
   * rcp.approx.ftz.f32} (1 ulp; no subnormal occurs in this range) and one Newton step, which
   * squares its relative error, in place of {@code div.rn.f32}'s long slow path.
   */
  static float reciprocal(float d) {
    float r = HardwareApprox.rcpFtz(d);
    return Math.fma(r, Math.fma(-d, r, 1f), r);
  }

  /**
   * {@code n / d} for normal {@code d}: the product with {@link #reciprocal}, then one correction.
   */
  private static float divide(float n, float d) {
    float rcp = reciprocal(d);
    float q = n * rcp;
    // the residual negated (q d - n, not n - q d) so that n = -0 gives -0
    return Math.fma(-Math.fma(q, d, -n), rcp, q);
  }

  /**
   * {@code GpuMath.asin} in single precision (CUDA's {@code asinf} bound, 2 ulp): {@link
   * #asinKernel} below 0.5625 in magnitude, {@code pi/2 - 2 asin(sqrt((1 - |x|)/2))} above.
   */
  public static float asin(float x) {
    float a = Math.abs(x);
    float r = asinKernel(a);
    float y = a > ASIN_SPLIT ? PIO2_HI + Math.fma(-2f, r, PIO2_LO) : r;
    return a > 1f ? Float.NaN : withSignOf(y, x);
  }

  /**
   * {@code GpuMath.acos} in single precision (CUDA's {@code acosf} bound, 2 ulp): {@code pi/2 -
   * asin(x)} below 0.5625 in magnitude, {@code 2 asin(sqrt((1 - |x|)/2))} above (from {@code pi}
   * for negative {@code x}).
   */
  public static float acos(float x) {
    float a = Math.abs(x);
    float r = asinKernel(a);
    float small = PIO2_HI - (withSignOf(r, x) - PIO2_LO);
    float big = x < 0f ? PI_HI + Math.fma(-2f, r, PI_LO) : 2f * r;
    return a > 1f ? Float.NaN : a > ASIN_SPLIT ? big : small;
  }

  /**
   * {@code asin(|x|)} below {@link #ASIN_SPLIT}, {@code asin(s)} for {@code s = sqrt((1 - |x|)/2)}
   * above: {@code s + s^3 B(s^2)} by a degree-11 fit (2^-29 relative), the square root by {@link
   * #sqrtSmall}.
   */
  private static float asinKernel(float a) {
    boolean big = a > ASIN_SPLIT;
    // exact: 0.5 a lies within a factor of 2 of 0.5 (Sterbenz)
    float z = big ? 0.5f - 0.5f * a : a * a;
    float s = big ? sqrtSmall(z) : a;
    float p = Math.fma(ASIN_6, z, ASIN_5);
    p = Math.fma(p, z, ASIN_4);
    p = Math.fma(p, z, ASIN_3);
    p = Math.fma(p, z, ASIN_2);
    p = Math.fma(p, z, ASIN_1);
    return Math.fma(s, Math.fma(p, z, 0f), s);
  }

  /**
   * {@code sqrt(z)} for {@code z = 0} or {@code 2^-48 <= z < 2^126} without {@code sqrt.rn.f32}'s
   * slow path: {@code z} times {@code rsqrt.approx.ftz.f32} (2^-22.9 relative), then one correction
   * with the exact residual, which squares that error (within about half an ulp); 0 stays 0.
   */
  private static float sqrtSmall(float z) {
    // the root of z + 2^-100, which is z from 2^-48 on: z = 0 would make y infinite
    float y = HardwareApprox.rsqrtFtz(z + 0x1p-100f);
    float s = z * y;
    return Math.fma(Math.fma(-s, s, z), 0.5f * y, s);
  }

  /**
   * {@code GpuMath.atan} in single precision (CUDA's {@code atanf} bound, 2 ulp): {@code t + t^3
   * A(t^2)} (degree 19, 2^-28.5 relative) on {@code t = |x| <= 1}; above, {@code pi/2 - atan(1/t)}
   * with {@code rcp.approx.ftz.f32}'s quotient, as nvcc's {@code atanf}; |x| is clamped to 2^60,
   * where 1/t no longer shows.
   */
  public static float atan(float x) {
    float a = Math.abs(x);
    boolean big = a > 1f;
    // rcp.approx's ulp is damped: atan(1/a) moves by less than 1/a does, relative, and pi/2 minus
    // it is larger still
    float t = big ? HardwareApprox.rcpFtz(a > 0x1p60f ? 0x1p60f : a) : a;
    float r = atanUnit(t);
    return withSignOf(big ? PIO2_HI + (PIO2_LO - r) : r, x);
  }

  /** {@code atan(t)} for {@code 0 <= t <= 1}: {@code t + t^3 A(t^2)}, 2^-28.5 relative. */
  private static float atanUnit(float t) {
    float u = t * t;
    float p = Math.fma(ATAN_9, u, ATAN_8);
    p = Math.fma(p, u, ATAN_7);
    p = Math.fma(p, u, ATAN_6);
    p = Math.fma(p, u, ATAN_5);
    p = Math.fma(p, u, ATAN_4);
    p = Math.fma(p, u, ATAN_3);
    p = Math.fma(p, u, ATAN_2);
    p = Math.fma(p, u, ATAN_1);
    return Math.fma(t, Math.fma(p, u, 0f), t);
  }

  /** {@code y >= 0} (or NaN) with the sign bit of {@code x}. */
  private static float withSignOf(float y, float x) {
    return Float.intBitsToFloat(
        Float.floatToRawIntBits(y) | (Float.floatToRawIntBits(x) & SIGN_BIT));
  }

  /**
   * {@code GpuMath.atan2} in single precision (CUDA's {@code atan2f} bound, 3 ulp): {@code t =
   * min(|x|, |y|) / max(|x|, |y|)} (both scaled by the power of two that brings the larger into
   * {@code [1, 2)}, the quotient by {@link #divide}), {@code r = atan(t)} by {@link #atanUnit},
   * then {@code r}, {@code pi/2 - r} ({@code |y| > |x|}), {@code pi - r} ({@code x} with its sign
   * bit) or {@code pi/2 + r} (both), with the sign of {@code y}. Zeros and infinities give Java's
   * results through {@code t}: 0 when the larger is 0 or infinite alone, {@code pi/4} when both are
   * infinite.
   */
  public static float atan2(float y, float x) {
    float ax = Math.abs(x);
    float ay = Math.abs(y);
    float larger = ax > ay ? ax : ay;
    float smaller = ax > ay ? ay : ax;
    int e = (Float.floatToRawIntBits(larger) >>> FLOAT_MANTISSA) - FLOAT_BIAS;
    e = e < 1 - FLOAT_BIAS ? 1 - FLOAT_BIAS : e > FLOAT_BIAS - 1 ? FLOAT_BIAS - 1 : e;
    float down = Float.intBitsToFloat((FLOAT_BIAS - e) << FLOAT_MANTISSA);
    float t = divide(smaller * down, larger * down);
    boolean special = larger == 0f || larger == Float.POSITIVE_INFINITY;
    float r = atanUnit(special ? 0f : t);
    r = smaller == Float.POSITIVE_INFINITY ? PIO4 : r;
    // r, pi/2 - r, pi - r or pi/2 + r: one base (in two parts) plus or minus r, so that an exact
    // r of 0 gives the rounded base
    boolean swapped = ay > ax;
    boolean negative = Float.floatToRawIntBits(x) < 0;
    float hi = swapped ? PIO2_HI : negative ? PI_HI : 0f;
    float lo = swapped ? PIO2_LO : negative ? PI_LO : 0f;
    float sum = hi + (lo + (swapped != negative ? -r : r));
    return x != x || y != y ? Float.NaN : withSignOf(sum, y);
  }

  /**
   * {@code GpuMath.sinh} in single precision (CUDA's {@code sinhf} bound, 3 ulp): below 1 in
   * magnitude {@code x + x^3 P(x^2)} (2^-31 relative); above, {@code h - 1/(4h)} for {@code h =
   * e^|x| / 2} (see {@link #halfExp}), with the sign of {@code x}.
   */
  public static float sinh(float x) {
    float u = x * x;
    float p = Math.fma(Math.fma(Math.fma(SINH_4, u, SINH_3), u, SINH_2), u, SINH_1);
    float small = Math.fma(x, Math.fma(p, u, 0f), x);
    float a = Math.abs(x);
    float h = halfExp(a);
    float big = h - quarterReciprocal(a, h);
    int sign = Float.floatToRawIntBits(x) & SIGN_BIT;
    return a < 1f ? small : Float.intBitsToFloat(Float.floatToRawIntBits(big) | sign);
  }

  /**
   * {@code GpuMath.cosh} in single precision (CUDA's {@code coshf} bound, 2 ulp): {@code h +
   * 1/(4h)} for {@code h = e^|x| / 2}.
   */
  public static float cosh(float x) {
    float a = Math.abs(x);
    float h = halfExp(a);
    return h + quarterReciprocal(a, h);
  }

  /**
   * {@code e^a / 2} for {@code a >= 0} (see {@link #exp2Times}, whose coarse power of two keeps
   * {@code cosh} and {@code sinh} from overflowing on the way to the largest float).
   */
  private static float halfExp(float a) {
    // k up to 128, where 2^(k-1) is still a float, so that t stays below 1 up to overflow
    return exp2Times(a, LOG2_E, LOG2_E_LO, -124, -1);
  }

  /** {@code 1/(4h)}, or 0 from {@code a = 12} on, where it is below half an ulp of {@code h}. */
  private static float quarterReciprocal(float a, float h) {
    return a < 12f ? 0.25f * reciprocal(h) : 0f;
  }

  /**
   * {@code GpuMath.tanh} in single precision (CUDA's {@code tanhf} bound, 2 ulp): below 0.5625 in
   * magnitude the odd polynomial {@code x + x^3 P(x^2)} (2^-29 relative); above, {@code 1 - 2 /
   * (e^(2|x|) + 1)} with the sign of {@code x}, where the quotient is at most 0.49 so its error
   * costs at most half an ulp of the result. Past 9.5 the result rounds to 1.
   */
  public static float tanh(float x) {
    float u = x * x;
    float p = Math.fma(TANH_5, u, TANH_4);
    p = Math.fma(p, u, TANH_3);
    p = Math.fma(p, u, TANH_2);
    p = Math.fma(p, u, TANH_1);
    float small = Math.fma(x, Math.fma(p, u, 0f), x);
    float a = Math.abs(x);
    // not Math.min, whose NaN and -0 cases cost six instructions; NaN stays NaN here too
    // e^(2|x|) by the hardware's 2^t on t = 2|x| log2(e) rounded: below 9.5 t < 28, and the
    // rounding moves e by at most 2^-19 relative, which the quotient, below 2^-25 there, shrinks
    float e = HardwareApprox.ex2Ftz((a > 9.5f ? 9.5f : a) * (2f * LOG2_E));
    float big = Math.fma(-2f, reciprocal(e + 1f), 1f);
    int sign = Float.floatToRawIntBits(x) & SIGN_BIT;
    return a < 0.5625f ? small : Float.intBitsToFloat(Float.floatToRawIntBits(big) | sign);
  }

  /**
   * {@code GpuMath.exp} in single precision (CUDA's {@code expf} bound, 2 ulp): {@link #exp2Times}
   * of {@code x log2(e)}.
   */
  public static float exp(float x) {
    return exp2Times(x, LOG2_E, LOG2_E_LO, -125, 0);
  }

  /**
   * {@code 2^(x c) 2^shift} for {@code c = cHi + cLo} and {@code shift} 0 or -1, as nvcc's {@code
   * expf} builds it: the integer {@code k = round(252 s) + lo} for {@code s = (x c - lo) / 252}
   * clamped to {@code [0, 1]}, which is {@code x c} rounded wherever that lies in {@code [lo, lo +
   * 252]} and the nearer end of that range elsewhere, so that {@code 2^(k + shift)} is a normal
   * float (for {@code 1 <= k + 127 + shift <= 254}) whose bits are one shift of the rounding sum's;
   * then {@code t = x c - k} in two {@code fma}s ({@code |t| <= 1/2} inside the range, up to 2
   * before overflow, down to -24 where the result is a subnormal) and the hardware's {@code 2^t}.
   * The last product rounds once; it overflows to infinity and gives subnormals and zero where the
   * result is one. NaN gives {@code s = 0} and {@code t = NaN}.
   */
  private static float exp2Times(float x, float cHi, float cLo, int lo, int shift) {
    float s = Math.fma(x, cHi / 252f, -lo / 252f);
    s = s > 0f ? s : 0f;
    s = s < 1f ? s : 1f;
    // ROUNDER + round(252 s) + lo + 127 + shift: the low nine bits are the biased exponent of
    // 2^(k + shift)
    float rounded = Math.fma(s, 252f, ROUNDER + (lo + FLOAT_BIAS + shift));
    float k = rounded - (ROUNDER + (FLOAT_BIAS + shift));
    float t = Math.fma(x, cHi, -k);
    t = Math.fma(x, cLo, t);
    float scale = Float.intBitsToFloat(Float.floatToRawIntBits(rounded) << FLOAT_MANTISSA);
    return HardwareApprox.ex2Ftz(t) * scale;
  }

  /**
   * {@code x} clamped to {@code [-104, 89]}: e^-104 rounds to 0 and e^89 overflows, so clamping
   * keeps {@code k}'s magic-number rounding in range; NaN passes both comparisons.
   */
  private static float expArgument(float x) {
    float y = x < -104f ? -104f : x;
    return y > 89f ? 89f : y;
  }

  /** {@code r = y - kf ln2} in two steps. */
  private static float expRemainder(float y, float kf) {
    // kf * LN2_HI has its last bit at 2^-24 and |r| < 1/2: the first step is exact
    float r = Math.fma(kf, -LN2_HI, y);
    return Math.fma(kf, -LN2_LO, r);
  }

  /**
   * {@code GpuMath.exp2} in single precision (CUDA's {@code exp2f} bound, 2 ulp): {@code
   * ex2.approx.f32}, the instruction nvcc's {@code exp2f} is, whose ISA bound is that.
   */
  public static float exp2(float x) {
    return HardwareApprox.ex2(x);
  }

  /**
   * {@code GpuMath.exp10} in single precision (CUDA's {@code exp10f} bound, 2 ulp): {@link
   * #exp2Times} of {@code x log2(10)}.
   */
  public static float exp10(float x) {
    return exp2Times(x, LOG2_10, LOG2_10_LO, -125, 0);
  }

  /**
   * {@code GpuMath.expm1} in single precision (CUDA's {@code expm1f} bound, 1 ulp): {@link #exp}'s
   * reduction {@code x = k ln2 + r} and fit, {@code e^r - 1 = r + u}, then {@code 2^k (r + u) +
   * (2^k - 1)} in double, rounded once: in float the sum would cancel (for {@code k = -1, 1}) and
   * cost more than the ulp. {@code k = 0} below ln2/2 in magnitude, where the sum is {@code r + u}.
   */
  public static float expm1(float x) {
    // e^-104 - 1 rounds to -1 as e^-104 to 0
    float y = expArgument(x);
    float rounded = Math.fma(y, LOG2_E, ROUNDER);
    int k = Float.floatToRawIntBits(rounded) - ROUNDER_BITS;
    float r = expRemainder(y, rounded - ROUNDER);
    float p = Math.fma(EXPM1_6, r, EXPM1_5);
    p = Math.fma(p, r, EXPM1_4);
    p = Math.fma(p, r, EXPM1_3);
    p = Math.fma(p, r, EXPM1_2);
    p = Math.fma(p, r, EXPM1_1);
    double u = (double) r * r * p;
    double scale = Double.longBitsToDouble((long) (k + DOUBLE_BIAS) << DOUBLE_MANTISSA);
    float result = (float) Math.fma(scale, r + u, scale - 1.0);
    // -0 (and every x below 2^-25 in magnitude) is its own expm1: r + u would give +0 for -0
    return Math.abs(x) < 0x1p-25f ? x : result;
  }

  /**
   * {@code GpuMath.log} in single precision (within 1 ulp, CUDA's {@code logf} bound): {@code x =
   * 2^e m} with {@code m} in {@code [2/3, 4/3)}, {@code log(m) = f + f^2 q(f)} for {@code f = m -
   * 1} (exact) by a degree-8 fit, plus {@code e ln2} in two parts.
   */
  public static float log(float x) {
    float f = logFraction(x);
    float fe = logExponent(x);
    float q = logPolynomial(f);
    return logSpecialCases(x, Math.fma(fe, LN2_HI, Math.fma(fe, LN2_LO, Math.fma(f * f, q, f))));
  }

  /** {@code q(f)} of {@link #log}: {@code log(1 + f) = f + f^2 q(f)} on {@code [-1/3, 1/3)}. */
  private static float logPolynomial(float f) {
    float q = Math.fma(-0x1.fcd036p-4f, f, 0x1.1990bcp-3f);
    q = Math.fma(q, f, -0x1.f75896p-4f);
    q = Math.fma(q, f, 0x1.1fdcf0p-3f);
    q = Math.fma(q, f, -0x1.557832p-3f);
    q = Math.fma(q, f, 0x1.99bf86p-3f);
    q = Math.fma(q, f, -0x1.ffffb6p-3f);
    q = Math.fma(q, f, 0x1.55552cp-2f);
    return Math.fma(q, f, -0.5f);
  }

  /**
   * {@code GpuMath.log2} in single precision (CUDA's {@code log2f} bound, 1 ulp): {@link #log}'s
   * reduction, {@code log2(m) = f/ln2 + f^2 Q(f)} by a degree-8 fit, {@code e + f/ln2} in double
   * (exact for powers of two, where {@code f = 0}).
   */
  public static float log2(float x) {
    return logSpecialCases(x, (float) log2InDouble(x));
  }

  /**
   * {@code GpuMath.log10} (CUDA's {@code log10f} bound, 2 ulp): {@link #log2}'s double sum times
   * {@code log10(2)} in double, rounded once.
   */
  public static float log10(float x) {
    return logSpecialCases(x, (float) (log2InDouble(x) * LOG10_2_DOUBLE));
  }

  /** {@code log2(x)} for positive normal or subnormal {@code x}, to about 2^-26 relative. */
  private static double log2InDouble(float x) {
    // summed in double: e + log2(m) cancels for m below 1, and a float sum would lose an ulp there
    return (double) logExponent(x) + log2OfOnePlus(logFraction(x));
  }

  /** {@code log2(1 + f)} for {@code |f| <= 1/3}, to about 2^-26 relative. */
  private static double log2OfOnePlus(float f) {
    float q = Math.fma(LOG2_9, f, LOG2_8);
    q = Math.fma(q, f, LOG2_7);
    q = Math.fma(q, f, LOG2_6);
    q = Math.fma(q, f, LOG2_5);
    q = Math.fma(q, f, LOG2_4);
    q = Math.fma(q, f, LOG2_3);
    q = Math.fma(q, f, LOG2_2);
    q = Math.fma(q, f, LOG2_1);
    return Math.fma((double) f, INV_LN2_DOUBLE, (double) (f * f * q));
  }

  /**
   * {@code m - 1} of {@link #log}'s reduction {@code x = 2^e m}, {@code m} in {@code [2/3, 4/3)};
   * subnormals are scaled by 2^23 first.
   */
  private static float logFraction(float x) {
    int bits = Float.floatToRawIntBits(x < Float.MIN_NORMAL ? x * 0x1p23f : x);
    // subtracting the bits of 2/3 carries into the exponent exactly when m would reach 4/3
    int e = (bits - TWO_THIRDS_BITS) >> FLOAT_MANTISSA;
    return Float.intBitsToFloat(bits - (e << FLOAT_MANTISSA)) - 1f;
  }

  /** {@code e} of {@link #logFraction}'s reduction, as a float. */
  private static float logExponent(float x) {
    boolean subnormal = x < Float.MIN_NORMAL;
    int bits = Float.floatToRawIntBits(subnormal ? x * 0x1p23f : x);
    int e = (bits - TWO_THIRDS_BITS) >> FLOAT_MANTISSA;
    return (float) e + (subnormal ? -23f : 0f);
  }

  /** {@code y}, or the result for {@code x} outside {@code (0, inf)}: -inf, inf or NaN. */
  private static float logSpecialCases(float x, float y) {
    if (!(x > 0f && x < Float.POSITIVE_INFINITY)) {
      return x == 0f ? Float.NEGATIVE_INFINITY : x > 0f ? x : Float.NaN;
    }
    return y;
  }

  /**
   * {@code GpuMath.log1p} in single precision (CUDA's {@code log1pf} bound, 1 ulp): {@code u = 1 +
   * x} rounded, with {@code c} its rounding error (exact while {@code u - 1} is, below 2^24), and
   * {@link #log}'s reduction of {@code u}, so that {@code 1 + x = 2^e (1 + hi + lo)} with {@code hi
   * = m - 1} and {@code lo = c 2^-e}; then {@code e ln2 + log(1 + hi) + lo / (1 + hi)}, the
   * quotient as {@code lo (1 - hi + hi^2)} (its error below 2^-27 of the result; no division),
   * {@code log(1 + hi)} by {@link #log}'s fit, the sums in double and rounded once.
   */
  public static float log1p(float x) {
    float u = 1f + x;
    int bits = Float.floatToRawIntBits(u);
    int e = (bits - TWO_THIRDS_BITS) >> FLOAT_MANTISSA;
    float hi = Float.intBitsToFloat(bits - (e << FLOAT_MANTISSA)) - 1f;
    // from 2^24 on c is inexact but below 2^-28 of the result, and 2^-e may be out of range
    float c = (x - (u - 1f)) * Float.intBitsToFloat((FLOAT_BIAS - e) << FLOAT_MANTISSA);
    double lo = u < 0x1p24f ? c : 0f;
    double h = hi;
    // in double: lo and hi may nearly cancel (x just below -2^-25), leaving no room for rounding
    double tail = Math.fma(h * h, logPolynomial(hi) + lo, Math.fma(-lo, h, lo));
    double y = Math.fma((double) e, LN2_DOUBLE, h) + tail;
    // -0 is its own log1p, and u outside (0, inf) gives -inf, inf or NaN as log's
    return x == 0f ? x : logSpecialCases(u, (float) y);
  }

  /**
   * {@code GpuMath.pow} in single precision (CUDA's {@code powf} bound, 4 ulp) with {@code
   * Math.pow}'s special cases: {@code t = y log2|x|} in {@code double} ({@link #log2Positive},
   * about 2^-40 relative, then one product), so that {@code t}'s error stays far below the result's
   * ulp even where {@code t} nears 128 or -149; then {@code 2^t} as {@link #exp2Times} builds it,
   * with {@code t - k} formed in {@code double} and rounded once to the hardware's {@code ex2}.
   * Negative {@code x} takes the sign of an odd integral {@code y} and gives NaN for a non-integral
   * one; zeros and infinities of {@code x} give 0 or infinity by the sign of {@code y}, and an
   * infinite {@code y} 0, infinity or (for {@code |x| = 1}) NaN through {@code t}.
   */
  public static float pow(float x, float y) {
    float ax = Math.abs(x);
    float ay = Math.abs(y);
    // every float of magnitude 2^24 and above is an even integer; below, (int) y is exact
    boolean integral = ay >= 0x1p24f || y == (float) (int) y;
    boolean odd = ay < 0x1p24f && integral && ((int) y & 1) != 0;
    boolean negative = Float.floatToRawIntBits(x) < 0 && odd;
    boolean finite = ax > 0f && ax < Float.POSITIVE_INFINITY;
    double t = y * log2Positive(finite ? ax : 1f);
    // beyond +-300 the result is infinity or 0 however far; NaN passes both comparisons
    t = t < -300.0 ? -300.0 : t > 300.0 ? 300.0 : t;
    float s = Math.fma((float) t, 1f / 252f, 125f / 252f);
    s = s > 0f ? s : 0f;
    s = s < 1f ? s : 1f;
    float rounded = Math.fma(s, 252f, ROUNDER + (FLOAT_BIAS - 125));
    float k = rounded - (ROUNDER + FLOAT_BIAS);
    float scale = Float.intBitsToFloat(Float.floatToRawIntBits(rounded) << FLOAT_MANTISSA);
    float p = HardwareApprox.ex2Ftz((float) (t - k)) * scale;
    // |x| zero or infinite: 0 or infinity as y's sign says
    p = finite ? p : (ax == 0f) == (y > 0f) ? 0f : Float.POSITIVE_INFINITY;
    p = negative ? -p : p;
    p = finite && x < 0f && !integral ? Float.NaN : p;
    p = x != x || y != y ? Float.NaN : p;
    return y == 0f ? 1f : p;
  }

  /**
   * {@code log2(a)} for a positive finite float, in {@code double} to about 2^-40 relative: {@code
   * a = 2^e m} with {@code m} in {@code [1, 2)} (subnormals scaled by 2^24), {@code j} the nearest
   * multiple of 1/128 to {@code m - 1} ({@code m/2} and {@code e + 1} where that is 1), {@code r =
   * m INV[j] - 1} from one {@code fma} ({@code |r| < 2^-8}), and {@code e + (HI[j] + log1p(r))
   * log2(e)} with {@code log1p} to degree 5 ({@link LogTable}, shared with the double library).
   */
  private static double log2Positive(float a) {
    boolean subnormal = a < Float.MIN_NORMAL;
    int bits = Float.floatToRawIntBits(subnormal ? a * 0x1p24f : a);
    int e = (bits >>> FLOAT_MANTISSA) - FLOAT_BIAS - (subnormal ? 24 : 0);
    int mantissa = bits & 0x7fffff;
    int j = (mantissa + (1 << 15)) >>> 16;
    float m = Float.intBitsToFloat(mantissa | 0x3f800000);
    boolean top = j == 128;
    m = top ? 0.5f * m : m;
    e = top ? e + 1 : e;
    j = top ? 0 : j;
    double r = Math.fma((double) m, LogTable.INV[j], -1.0);
    double q = Math.fma(Math.fma(Math.fma(0.2, r, -0.25), r, 1.0 / 3.0), r, -0.5);
    double log1p = Math.fma(r * r, q, r);
    return Math.fma(LogTable.HI[j] + log1p, LOG2_E_DOUBLE, e);
  }

  /**
   * {@code GpuMath.cbrt} in single precision (CUDA's {@code cbrtf} bound, 1 ulp): {@code r =
   * 2^(-log2(|x|)/3)} by the hardware's {@code lg2} and {@code ex2} (about 2^-21 relative), the
   * root {@code c = |x| r^2}, and one Newton step {@code c - (c^3 - |x|) r^2/3} with the residual
   * from one {@code fma}, which leaves the rounding of {@code c^2} (a sixth of an ulp) and the last
   * one. Below 2^-64 {@code |x|} is scaled by 2^90 (and the root by 2^-30), or the residual, about
   * 2^-45 of {@code |x|}, would lose its bits among the subnormals. Zeros, infinities and NaN are
   * their own cube roots.
   */
  public static float cbrt(float x) {
    float a = Math.abs(x);
    boolean tiny = a < 0x1p-64f;
    float z = tiny ? a * 0x1p90f : a;
    float r = HardwareApprox.ex2Ftz(HardwareApprox.lg2(z) * (-1f / 3f));
    float r2 = r * r;
    float c = z * r2;
    float residual = Math.fma(c * c, c, -z);
    float root = Math.fma(-residual, r2 * (1f / 3f), c);
    root = tiny ? root * 0x1p-30f : root;
    return a > 0f && a < Float.POSITIVE_INFINITY ? withSignOf(root, x) : x;
  }

  /**
   * {@code GpuMath.hypot} in single precision (CUDA's {@code hypotf} bound, 3 ulp): both operands
   * scaled by the power of two that brings the larger into {@code [1, 2)} (its exponent clamped to
   * the normal range, so both factors are normal floats), {@code sqrt(a^2 + b^2)} by one {@code
   * fma} and {@link #sqrtSmall}, scaled back. An infinite operand gives infinity even with a NaN,
   * as in Java.
   */
  public static float hypot(float x, float y) {
    float ax = Math.abs(x);
    float ay = Math.abs(y);
    float a = ax > ay ? ax : ay;
    float b = ax > ay ? ay : ax;
    // the biased exponent, clamped to [1, 253]: 2^-(e - 127) and 2^(e - 127) are normal floats
    int e = Float.floatToRawIntBits(a) >>> FLOAT_MANTISSA;
    e = e < 1 ? 1 : e > 2 * FLOAT_BIAS - 1 ? 2 * FLOAT_BIAS - 1 : e;
    float down = Float.intBitsToFloat((2 * FLOAT_BIAS - e) << FLOAT_MANTISSA);
    float up = Float.intBitsToFloat(e << FLOAT_MANTISSA);
    float as = a * down;
    float bs = b * down;
    float h = sqrtSmall(Math.fma(as, as, bs * bs)) * up;
    boolean infinite = ax == Float.POSITIVE_INFINITY || ay == Float.POSITIVE_INFINITY;
    return infinite ? Float.POSITIVE_INFINITY : h;
  }

  /** {@code GpuMath.sqrt}: correctly rounded, since 53 >= 2 * 24 + 2. */
  public static float sqrt(float x) {
    return (float) Math.sqrt(x);
  }

  /**
   * {@code GpuMath.rsqrt} in single precision (CUDA's {@code rsqrtf} bound, 2 ulp): {@code
   * rsqrt.approx.f32}, the instruction nvcc's {@code rsqrtf} is; its special values are Java's
   * {@code 1 / sqrt(x)}: {@code -inf} for {@code -0}, NaN below zero, 0 for infinity.
   */
  public static float rsqrt(float x) {
    return HardwareApprox.rsqrt(x);
  }
}
