package dev.jptx.runtime.sim.alu;

/**
 * The {@code .approx} (and {@code div.full}) instructions.
 *
 * <p>The ISA specifies these only by error bounds, among them: {@code rcp.approx.f32} 1 ulp; {@code
 * div.approx.f32} 2 ulp for {@code |b|} in [2^-126, 2^126]; {@code div.full.f32} 2 ulp over the
 * full range; {@code ex2.approx.f32} 2 ulp; {@code rsqrt.approx.f32} a relative error of about
 * 2^-22.9; {@code sqrt.approx.f32} about 2^-23; {@code lg2.approx.f32} an absolute error of about
 * 2^-22; {@code sin/cos.approx.f32} an absolute error of about 2^-20.5 on [-100π, 100π]; {@code
 * tanh.approx.f32} a relative error of 2^-11; the half-precision forms about 2^-10 relative. The
 * simulator meets all of them with one fixed choice: the exact function is evaluated in double
 * ({@code StrictMath}, within 1 ulp of a double) and rounded to nearest in the destination format.
 * The result is thus at most 1 ulp (of the destination) from the correctly rounded value and almost
 * always equal to it; for division, square root and reciprocal it is the correctly rounded value. A
 * GPU may return other bits within its bound, so kernels and their tests must not depend on the
 * exact bits. Special operands give what the ISA's tables give (for example {@code ex2(-inf) = +0},
 * {@code rsqrt(-0) = -inf}, {@code sin(inf) = NaN}, {@code tanh(±inf) = ±1}); NaN results are
 * canonical. {@code .ftz} flushes subnormal operands and results; without it subnormals are
 * honoured.
 */
public final class Approx {
  private static final FloatFormat F32 = FloatFormat.F32;
  private static final FloatFormat F16 = FloatFormat.F16;
  private static final FloatFormat BF16 = FloatFormat.BF16;
  private static final double LN2 = 0.6931471805599453;

  private Approx() {}

  /**
   * {@code ex2.approx{.ftz}.f32}: {@code 2^a}.
   *
   * @param a the exponent
   * @param ftz flush subnormal operand and result
   * @return the power
   */
  public static int ex2(int a, boolean ftz) {
    return f32(StrictMath.pow(2.0, in(a, ftz)), ftz);
  }

  /**
   * {@code lg2.approx{.ftz}.f32}: {@code log2(a)}; {@code lg2(±0) = -inf}, negative operands NaN.
   *
   * @param a the operand
   * @param ftz flush subnormal operand and result
   * @return the logarithm
   */
  public static int lg2(int a, boolean ftz) {
    double x = in(a, ftz);
    return f32(x < 0 ? Double.NaN : StrictMath.log(x) / LN2, ftz);
  }

  /**
   * {@code sin.approx{.ftz}.f32}.
   *
   * @param a the angle in radians
   * @param ftz flush subnormal operand and result
   * @return the sine; NaN for infinities
   */
  public static int sin(int a, boolean ftz) {
    return f32(StrictMath.sin(in(a, ftz)), ftz);
  }

  /**
   * {@code cos.approx{.ftz}.f32}.
   *
   * @param a the angle in radians
   * @param ftz flush subnormal operand and result
   * @return the cosine; NaN for infinities
   */
  public static int cos(int a, boolean ftz) {
    return f32(StrictMath.cos(in(a, ftz)), ftz);
  }

  /**
   * {@code tanh.approx.f32}.
   *
   * @param a the operand
   * @return the hyperbolic tangent
   */
  public static int tanh(int a) {
    return f32(StrictMath.tanh(Float.intBitsToFloat(a)), false);
  }

  /**
   * {@code rsqrt.approx{.ftz}.f32}: {@code 1/sqrt(a)}; {@code ±0 → ±inf}, {@code +inf → +0},
   * negative operands NaN.
   *
   * @param a the operand
   * @param ftz flush a subnormal operand
   * @return the reciprocal square root
   */
  public static int rsqrt(int a, boolean ftz) {
    return f32(1.0 / Math.sqrt(in(a, ftz)), ftz);
  }

  /**
   * {@code rsqrt.approx{.ftz}.f64}.
   *
   * @param a the operand bits
   * @param ftz flush a subnormal operand
   * @return the reciprocal square root bits
   */
  public static long rsqrt(long a, boolean ftz) {
    double x = Double.longBitsToDouble(ftz ? flush64(a) : a);
    return Float64.canonical(1.0 / Math.sqrt(x));
  }

  /**
   * {@code sqrt.approx{.ftz}.f32}: the correctly rounded square root.
   *
   * @param a the operand
   * @param ftz flush a subnormal operand
   * @return the square root
   */
  public static int sqrt(int a, boolean ftz) {
    return Float32.sqrt(a, Rounding.RN, ftz);
  }

  /**
   * {@code rcp.approx{.ftz}.f32}: the correctly rounded reciprocal.
   *
   * @param a the operand
   * @param ftz flush subnormal operand and result
   * @return {@code 1/a}
   */
  public static int rcp(int a, boolean ftz) {
    return Float32.div(Float32.ONE, a, Rounding.RN, ftz);
  }

  /**
   * {@code rcp.approx.ftz.f64}: the correctly rounded reciprocal, subnormal operand and result
   * flushed.
   *
   * @param a the operand bits
   * @return {@code 1/a} bits
   */
  public static long rcpFtz(long a) {
    double r = 1.0 / Double.longBitsToDouble(flush64(a));
    return flush64(Float64.canonical(r));
  }

  /**
   * {@code div.approx{.ftz}.f32}: the correctly rounded quotient, except where the ISA fixes the
   * result: for {@code 2^126 < |b| < 2^128} it is NaN if {@code a} is infinite (or NaN) and zero
   * otherwise (signed as the quotient would be).
   *
   * @param a dividend
   * @param b divisor
   * @param ftz flush subnormal operands and result
   * @return the quotient
   */
  public static int div(int a, int b, boolean ftz) {
    if (ftz) {
      a = F32.flush(a);
      b = F32.flush(b);
    }
    float y = Float.intBitsToFloat(b);
    if (Math.abs(y) > 0x1p126f && Math.abs(y) < Float.POSITIVE_INFINITY) {
      int x = a & 0x7fffffff;
      return x >= F32.infBits ? Float32.CANONICAL_NAN : (a ^ b) & 0x80000000;
    }
    return Float32.div(a, b, Rounding.RN, ftz);
  }

  /**
   * {@code div.full{.ftz}.f32}: the correctly rounded quotient (within the ISA's 2 ulp).
   *
   * @param a dividend
   * @param b divisor
   * @param ftz flush subnormal operands and result
   * @return the quotient
   */
  public static int divFull(int a, int b, boolean ftz) {
    return Float32.div(a, b, Rounding.RN, ftz);
  }

  /**
   * {@code ex2.approx.f16}: {@code 2^a} in f16.
   *
   * @param h the f16 exponent
   * @return the f16 power
   */
  public static int ex2F16(int h) {
    return F16.round(StrictMath.pow(2.0, Half.f16ToDouble(h)), 0, Rounding.RN);
  }

  /**
   * {@code ex2.approx.f16x2}.
   *
   * @param h the f16 pair
   * @return the packed powers
   */
  public static int ex2F16x2(int h) {
    return Half.pack(ex2F16(h), ex2F16(h >>> 16));
  }

  /**
   * {@code ex2.approx.ftz.bf16}: {@code 2^a} in bf16, subnormal operand and result flushed.
   *
   * @param h the bf16 exponent
   * @return the bf16 power
   */
  public static int ex2Bf16(int h) {
    double x = BF16.toDouble(BF16.flush(h & 0xffff));
    return BF16.flush(BF16.round(StrictMath.pow(2.0, x), 0, Rounding.RN));
  }

  /**
   * {@code ex2.approx.ftz.bf16x2}.
   *
   * @param h the bf16 pair
   * @return the packed powers
   */
  public static int ex2Bf16x2(int h) {
    return Half.pack(ex2Bf16(h), ex2Bf16(h >>> 16));
  }

  /**
   * {@code tanh.approx.f16}.
   *
   * @param h the f16 operand
   * @return the f16 hyperbolic tangent
   */
  public static int tanhF16(int h) {
    return F16.round(StrictMath.tanh(Half.f16ToDouble(h)), 0, Rounding.RN);
  }

  /**
   * {@code tanh.approx.f16x2}.
   *
   * @param h the f16 pair
   * @return the packed results
   */
  public static int tanhF16x2(int h) {
    return Half.pack(tanhF16(h), tanhF16(h >>> 16));
  }

  /**
   * {@code tanh.approx.bf16}.
   *
   * @param h the bf16 operand
   * @return the bf16 hyperbolic tangent
   */
  public static int tanhBf16(int h) {
    return BF16.round(StrictMath.tanh(BF16.toDouble(h)), 0, Rounding.RN);
  }

  /**
   * {@code tanh.approx.bf16x2}.
   *
   * @param h the bf16 pair
   * @return the packed results
   */
  public static int tanhBf16x2(int h) {
    return Half.pack(tanhBf16(h), tanhBf16(h >>> 16));
  }

  private static double in(int a, boolean ftz) {
    return Float.intBitsToFloat(ftz ? F32.flush(a) : a);
  }

  private static int f32(double v, boolean ftz) {
    int r = F32.round(v, 0, Rounding.RN);
    return ftz ? F32.flush(r) : r;
  }

  private static long flush64(long a) {
    return (a & 0x7ff0000000000000L) == 0 ? a & 0x8000000000000000L : a;
  }
}
