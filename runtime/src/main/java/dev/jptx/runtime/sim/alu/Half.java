package dev.jptx.runtime.sim.alu;

/**
 * Half-precision arithmetic: {@code .f16}, {@code .bf16} and their packed {@code x2} forms, all
 * with {@code .rn}, the only rounding PTX gives them.
 *
 * <p>A scalar is the low 16 bits of an {@code int} (upper bits of arguments are ignored, results
 * have them zero); an {@code x2} value packs element 0 in bits 15..0 and element 1 in bits 31..16.
 * Every result is rounded exactly once to the 16-bit format: sums and products of half values are
 * computed exactly in double (TwoSum supplies the error where they might not fit), then rounded by
 * {@link FloatFormat#round}, so there is no double rounding through f32, in {@code fma} included.
 * {@code .ftz} and {@code .sat} exist for f16 only; bf16 keeps its subnormals.
 */
public final class Half {
  /** The NaN f16 and bf16 arithmetic produces. */
  public static final int CANONICAL_NAN = 0x7fff;

  /** The bits of f16 1.0. */
  public static final int F16_ONE = 0x3c00;

  /** The bits of bf16 1.0. */
  public static final int BF16_ONE = 0x3f80;

  private static final FloatFormat F16 = FloatFormat.F16;
  private static final FloatFormat BF16 = FloatFormat.BF16;
  private static final int SIGN = 0x8000;

  private Half() {}

  /**
   * The exact value of an f16 bit pattern.
   *
   * @param h the f16 bits (low 16 bits)
   * @return the value as a double
   */
  public static double f16ToDouble(int h) {
    int e = h >>> 10 & 0x1f;
    int frac = h & 0x3ff;
    double sign = (h & SIGN) != 0 ? -1.0 : 1.0;
    if (e == 0) {
      return sign * frac * 0x1p-24;
    }
    if (e == 0x1f) {
      return frac == 0 ? sign * Double.POSITIVE_INFINITY : Double.NaN;
    }
    return Float.intBitsToFloat((h & SIGN) << 16 | (e + 112) << 23 | frac << 13);
  }

  /**
   * {@code add{.rn}{.ftz}{.sat}.f16}.
   *
   * @param a first operand
   * @param b second operand
   * @param ftz flush subnormal operands and result
   * @param sat clamp the result to [0, 1]
   * @return {@code a + b}
   */
  public static int addF16(int a, int b, boolean ftz, boolean sat) {
    if (ftz) {
      a = F16.flush(a);
      b = F16.flush(b);
    }
    double s = f16ToDouble(a) + f16ToDouble(b); // exact: f16 sums span at most 41 bits
    return finishF16(F16.round(s, 0, Rounding.RN), ftz, sat);
  }

  /**
   * {@code sub{.rn}{.ftz}{.sat}.f16}.
   *
   * @param a minuend
   * @param b subtrahend
   * @param ftz flush subnormal operands and result
   * @param sat clamp the result to [0, 1]
   * @return {@code a - b}
   */
  public static int subF16(int a, int b, boolean ftz, boolean sat) {
    return addF16(a, b ^ SIGN, ftz, sat);
  }

  /**
   * {@code mul{.rn}{.ftz}{.sat}.f16}.
   *
   * @param a first factor
   * @param b second factor
   * @param ftz flush subnormal operands and result
   * @param sat clamp the result to [0, 1]
   * @return {@code a * b}
   */
  public static int mulF16(int a, int b, boolean ftz, boolean sat) {
    if (ftz) {
      a = F16.flush(a);
      b = F16.flush(b);
    }
    double p = f16ToDouble(a) * f16ToDouble(b); // exact: 22 significand bits
    return finishF16(F16.round(p, 0, Rounding.RN), ftz, sat);
  }

  /**
   * {@code fma.rn{.ftz}{.sat}{.relu}.f16}: {@code a * b + c} rounded once to f16.
   *
   * @param a first factor
   * @param b second factor
   * @param c addend
   * @param ftz flush subnormal operands and result
   * @param sat clamp the result to [0, 1]
   * @param relu clamp a negative result (-0 included) to +0; a NaN result stays NaN
   * @return the fused multiply-add
   */
  public static int fmaF16(int a, int b, int c, boolean ftz, boolean sat, boolean relu) {
    if (ftz) {
      a = F16.flush(a);
      b = F16.flush(b);
      c = F16.flush(c);
    }
    int r = fma(F16, a, b, c);
    r = finishF16(r, ftz, sat);
    return relu ? relu(F16, r) : r;
  }

  /**
   * {@code add{.rn}.bf16}.
   *
   * @param a first operand
   * @param b second operand
   * @return {@code a + b}
   */
  public static int addBf16(int a, int b) {
    double x = BF16.toDouble(a);
    double y = BF16.toDouble(b);
    double s = x + y;
    double err = Double.isFinite(s) ? Float32.twoSumError(x, y, s) : 0;
    return BF16.round(s, err, Rounding.RN);
  }

  /**
   * {@code sub{.rn}.bf16}.
   *
   * @param a minuend
   * @param b subtrahend
   * @return {@code a - b}
   */
  public static int subBf16(int a, int b) {
    return addBf16(a, b ^ SIGN);
  }

  /**
   * {@code mul{.rn}.bf16}.
   *
   * @param a first factor
   * @param b second factor
   * @return {@code a * b}
   */
  public static int mulBf16(int a, int b) {
    return BF16.round(BF16.toDouble(a) * BF16.toDouble(b), 0, Rounding.RN);
  }

  /**
   * {@code fma.rn{.relu}.bf16}: {@code a * b + c} rounded once to bf16.
   *
   * @param a first factor
   * @param b second factor
   * @param c addend
   * @param relu clamp a negative result (-0 included) to +0; a NaN result stays NaN
   * @return the fused multiply-add
   */
  public static int fmaBf16(int a, int b, int c, boolean relu) {
    int r = fma(BF16, a, b, c);
    return relu ? relu(BF16, r) : r;
  }

  /**
   * {@code neg{.ftz}.f16} and, with {@code ftz = false}, {@code neg.bf16}: flips the sign bit.
   *
   * @param a the operand
   * @param ftz flush a subnormal f16 operand first
   * @return {@code -a}
   */
  public static int neg(int a, boolean ftz) {
    return ((ftz ? F16.flush(a) : a) ^ SIGN) & 0xffff;
  }

  /**
   * {@code abs{.ftz}.f16} and, with {@code ftz = false}, {@code abs.bf16}: clears the sign bit.
   *
   * @param a the operand
   * @param ftz flush a subnormal f16 operand first
   * @return {@code |a|}
   */
  public static int abs(int a, boolean ftz) {
    return (ftz ? F16.flush(a) : a) & 0x7fff;
  }

  /**
   * {@code min{.ftz}{.NaN}{.xorsign.abs}.f16}, with the NaN and sign rules of {@link Float32#min}.
   *
   * @param a first operand
   * @param b second operand
   * @param ftz flush subnormal operands
   * @param propagateNan the {@code .NaN} modifier
   * @param xorsignAbs the {@code .xorsign.abs} modifier
   * @return the minimum
   */
  public static int minF16(int a, int b, boolean ftz, boolean propagateNan, boolean xorsignAbs) {
    return minMax(F16, a, b, ftz, propagateNan, xorsignAbs, true);
  }

  /**
   * {@code max{.ftz}{.NaN}{.xorsign.abs}.f16}.
   *
   * @param a first operand
   * @param b second operand
   * @param ftz flush subnormal operands
   * @param propagateNan the {@code .NaN} modifier
   * @param xorsignAbs the {@code .xorsign.abs} modifier
   * @return the maximum
   */
  public static int maxF16(int a, int b, boolean ftz, boolean propagateNan, boolean xorsignAbs) {
    return minMax(F16, a, b, ftz, propagateNan, xorsignAbs, false);
  }

  /**
   * {@code min{.NaN}{.xorsign.abs}.bf16}.
   *
   * @param a first operand
   * @param b second operand
   * @param propagateNan the {@code .NaN} modifier
   * @param xorsignAbs the {@code .xorsign.abs} modifier
   * @return the minimum
   */
  public static int minBf16(int a, int b, boolean propagateNan, boolean xorsignAbs) {
    return minMax(BF16, a, b, false, propagateNan, xorsignAbs, true);
  }

  /**
   * {@code max{.NaN}{.xorsign.abs}.bf16}.
   *
   * @param a first operand
   * @param b second operand
   * @param propagateNan the {@code .NaN} modifier
   * @param xorsignAbs the {@code .xorsign.abs} modifier
   * @return the maximum
   */
  public static int maxBf16(int a, int b, boolean propagateNan, boolean xorsignAbs) {
    return minMax(BF16, a, b, false, propagateNan, xorsignAbs, false);
  }

  /**
   * {@code add{.rn}{.ftz}{.sat}.f16x2}: {@link #addF16} on each half.
   *
   * @param a first operand pair
   * @param b second operand pair
   * @param ftz flush subnormals
   * @param sat clamp results to [0, 1]
   * @return the packed sums
   */
  public static int addF16x2(int a, int b, boolean ftz, boolean sat) {
    return pack(addF16(a, b, ftz, sat), addF16(a >>> 16, b >>> 16, ftz, sat));
  }

  /**
   * {@code sub{.rn}{.ftz}{.sat}.f16x2}.
   *
   * @param a minuend pair
   * @param b subtrahend pair
   * @param ftz flush subnormals
   * @param sat clamp results to [0, 1]
   * @return the packed differences
   */
  public static int subF16x2(int a, int b, boolean ftz, boolean sat) {
    return pack(subF16(a, b, ftz, sat), subF16(a >>> 16, b >>> 16, ftz, sat));
  }

  /**
   * {@code mul{.rn}{.ftz}{.sat}.f16x2}.
   *
   * @param a first factor pair
   * @param b second factor pair
   * @param ftz flush subnormals
   * @param sat clamp results to [0, 1]
   * @return the packed products
   */
  public static int mulF16x2(int a, int b, boolean ftz, boolean sat) {
    return pack(mulF16(a, b, ftz, sat), mulF16(a >>> 16, b >>> 16, ftz, sat));
  }

  /**
   * {@code fma.rn{.ftz}{.sat}{.relu}.f16x2}.
   *
   * @param a first factor pair
   * @param b second factor pair
   * @param c addend pair
   * @param ftz flush subnormals
   * @param sat clamp results to [0, 1]
   * @param relu clamp negative results to +0
   * @return the packed results
   */
  public static int fmaF16x2(int a, int b, int c, boolean ftz, boolean sat, boolean relu) {
    return pack(
        fmaF16(a, b, c, ftz, sat, relu), fmaF16(a >>> 16, b >>> 16, c >>> 16, ftz, sat, relu));
  }

  /**
   * {@code add{.rn}.bf16x2}.
   *
   * @param a first operand pair
   * @param b second operand pair
   * @return the packed sums
   */
  public static int addBf16x2(int a, int b) {
    return pack(addBf16(a, b), addBf16(a >>> 16, b >>> 16));
  }

  /**
   * {@code sub{.rn}.bf16x2}.
   *
   * @param a minuend pair
   * @param b subtrahend pair
   * @return the packed differences
   */
  public static int subBf16x2(int a, int b) {
    return pack(subBf16(a, b), subBf16(a >>> 16, b >>> 16));
  }

  /**
   * {@code mul{.rn}.bf16x2}.
   *
   * @param a first factor pair
   * @param b second factor pair
   * @return the packed products
   */
  public static int mulBf16x2(int a, int b) {
    return pack(mulBf16(a, b), mulBf16(a >>> 16, b >>> 16));
  }

  /**
   * {@code fma.rn{.relu}.bf16x2}.
   *
   * @param a first factor pair
   * @param b second factor pair
   * @param c addend pair
   * @param relu clamp negative results to +0
   * @return the packed results
   */
  public static int fmaBf16x2(int a, int b, int c, boolean relu) {
    return pack(fmaBf16(a, b, c, relu), fmaBf16(a >>> 16, b >>> 16, c >>> 16, relu));
  }

  /**
   * {@code neg{.ftz}.f16x2} / {@code neg.bf16x2}.
   *
   * @param a the operand pair
   * @param ftz flush subnormal f16 operands first
   * @return both halves negated
   */
  public static int negX2(int a, boolean ftz) {
    return pack(neg(a, ftz), neg(a >>> 16, ftz));
  }

  /**
   * {@code abs{.ftz}.f16x2} / {@code abs.bf16x2}.
   *
   * @param a the operand pair
   * @param ftz flush subnormal f16 operands first
   * @return both halves' magnitudes
   */
  public static int absX2(int a, boolean ftz) {
    return pack(abs(a, ftz), abs(a >>> 16, ftz));
  }

  /**
   * {@code min{.ftz}{.NaN}{.xorsign.abs}.f16x2}.
   *
   * @param a first operand pair
   * @param b second operand pair
   * @param ftz flush subnormals
   * @param propagateNan the {@code .NaN} modifier
   * @param xorsignAbs the {@code .xorsign.abs} modifier
   * @return the packed minima
   */
  public static int minF16x2(int a, int b, boolean ftz, boolean propagateNan, boolean xorsignAbs) {
    return pack(
        minF16(a, b, ftz, propagateNan, xorsignAbs),
        minF16(a >>> 16, b >>> 16, ftz, propagateNan, xorsignAbs));
  }

  /**
   * {@code max{.ftz}{.NaN}{.xorsign.abs}.f16x2}.
   *
   * @param a first operand pair
   * @param b second operand pair
   * @param ftz flush subnormals
   * @param propagateNan the {@code .NaN} modifier
   * @param xorsignAbs the {@code .xorsign.abs} modifier
   * @return the packed maxima
   */
  public static int maxF16x2(int a, int b, boolean ftz, boolean propagateNan, boolean xorsignAbs) {
    return pack(
        maxF16(a, b, ftz, propagateNan, xorsignAbs),
        maxF16(a >>> 16, b >>> 16, ftz, propagateNan, xorsignAbs));
  }

  /**
   * {@code min{.NaN}{.xorsign.abs}.bf16x2}.
   *
   * @param a first operand pair
   * @param b second operand pair
   * @param propagateNan the {@code .NaN} modifier
   * @param xorsignAbs the {@code .xorsign.abs} modifier
   * @return the packed minima
   */
  public static int minBf16x2(int a, int b, boolean propagateNan, boolean xorsignAbs) {
    return pack(
        minBf16(a, b, propagateNan, xorsignAbs),
        minBf16(a >>> 16, b >>> 16, propagateNan, xorsignAbs));
  }

  /**
   * {@code max{.NaN}{.xorsign.abs}.bf16x2}.
   *
   * @param a first operand pair
   * @param b second operand pair
   * @param propagateNan the {@code .NaN} modifier
   * @param xorsignAbs the {@code .xorsign.abs} modifier
   * @return the packed maxima
   */
  public static int maxBf16x2(int a, int b, boolean propagateNan, boolean xorsignAbs) {
    return pack(
        maxBf16(a, b, propagateNan, xorsignAbs),
        maxBf16(a >>> 16, b >>> 16, propagateNan, xorsignAbs));
  }

  /**
   * Packs two 16-bit values, {@code lo} as element 0.
   *
   * @param lo element 0 (low 16 bits used)
   * @param hi element 1 (low 16 bits used)
   * @return the pair
   */
  public static int pack(int lo, int hi) {
    return (lo & 0xffff) | hi << 16;
  }

  /**
   * The {@code .sat} clamp of an f16: NaN and values below +0 (-0 included) give +0, values above
   * 1.0 give 1.0.
   *
   * @param h the f16 bits
   * @return the clamped f16
   */
  public static int saturateF16(int h) {
    h &= 0xffff;
    if ((h & SIGN) != 0 || F16.isNan(h)) {
      return 0;
    }
    return h > F16_ONE ? F16_ONE : h;
  }

  private static int fma(FloatFormat fmt, int a, int b, int c) {
    double p = fmt.toDouble(a) * fmt.toDouble(b); // exact: at most 22 significand bits
    double z = fmt.toDouble(c);
    double s = p + z;
    if (s == 0 || !Double.isFinite(s) || !Double.isFinite(p) || !Double.isFinite(z)) {
      return fmt.round(s, 0, Rounding.RN); // special operands, or an exact zero signed by RN
    }
    return fmt.round(s, Float32.twoSumError(p, z, s), Rounding.RN);
  }

  private static int relu(FloatFormat fmt, int r) {
    if (fmt.isNan(r)) {
      return CANONICAL_NAN;
    }
    return (r & SIGN) != 0 ? 0 : r;
  }

  private static int finishF16(int r, boolean ftz, boolean sat) {
    if (ftz) {
      r = F16.flush(r);
    }
    return sat ? saturateF16(r) : r;
  }

  private static int minMax(
      FloatFormat fmt,
      int a,
      int b,
      boolean ftz,
      boolean propagateNan,
      boolean xorsignAbs,
      boolean min) {
    a &= 0xffff;
    b &= 0xffff;
    if (ftz) {
      a = fmt.flush(a);
      b = fmt.flush(b);
    }
    int sign = (a ^ b) & SIGN;
    if (xorsignAbs) {
      a &= 0x7fff;
      b &= 0x7fff;
    }
    boolean nanA = fmt.isNan(a);
    boolean nanB = fmt.isNan(b);
    int r;
    if (nanA || nanB) {
      if (propagateNan || nanA && nanB) {
        return CANONICAL_NAN;
      }
      r = nanA ? b : a;
    } else {
      // Sign-magnitude to a monotone integer key: -0 sorts below +0.
      int ka = (a & SIGN) != 0 ? -(a & 0x7fff) - 1 : a;
      int kb = (b & SIGN) != 0 ? -(b & 0x7fff) - 1 : b;
      r = min == (ka < kb) ? a : b;
    }
    return xorsignAbs ? r | sign : r;
  }
}
