package dev.jptx.runtime.sim.alu;

/**
 * {@code cvt} between every pair of {@code u8 u16 u32 u64 s8 s16 s32 s64 f16 bf16 f32 f64}, plus
 * the packed {@code f16x2}/{@code bf16x2} forms and fast paths for the common pairs.
 *
 * <p>Semantics, following the PTX ISA's {@code cvt} and its conversion rules:
 *
 * <ul>
 *   <li><b>int → int</b>: the source is sign- or zero-extended per its type, then truncated to the
 *       destination width; with {@code .sat} it is clamped to the destination range instead. So
 *       {@code cvt.s32.s8} sign-extends the low 8 bits of its operand and {@code cvt.u16.u32} keeps
 *       the low 16 bits.
 *   <li><b>float → int</b>: rounded to an integer with the {@code .rni .rzi .rmi .rpi} modifier (a
 *       float modifier counts as its integer form; none counts as {@code .rni}), then clamped to
 *       the destination range whether or not {@code .sat} is given. NaN converts to 0 (PTX ISA 8.7:
 *       "In float-to-integer conversion, NaN inputs are converted to 0"). {@code .ftz} flushes a
 *       subnormal f32 source first, so {@code cvt.rpi.ftz.s32.f32} of the smallest subnormal is 0,
 *       not 1.
 *   <li><b>int → float</b>: rounded once with the float modifier (none counts as {@code .rn}).
 *   <li><b>float → float</b>: widening is exact; narrowing rounds once with the float modifier; to
 *       the same format an integer modifier rounds to an integral value in that format. NaN becomes
 *       the destination's canonical NaN. {@code .ftz} flushes a subnormal f32 source and a
 *       subnormal f32 result (it has no effect on other formats). This follows the ISA text;
 *       ZLUDA's hardware tests report that {@code cvt.rn.ftz.f16.f32} on real GPUs does not flush
 *       its source, which only shows with {@code .rm}/{@code .rp} on f32 subnormals.
 *   <li><b>{@code .sat} with a float destination</b> clamps to [+0.0, 1.0], NaN and -0.0 to +0.0.
 * </ul>
 *
 * <p>Integer results are returned extended per the destination type ({@link NumType#normalize}); a
 * register wider than an 8- or 16-bit destination therefore receives the value sign-extended for
 * {@code .sN} and zero-extended for {@code .uN}, as the ISA prescribes for destination registers
 * wider than the instruction type. Float results are raw bits, zero-extended.
 */
public final class Convert {
  private static final double TWO_POW_32 = 0x1p32;
  private static final double TWO_POW_63 = 0x1p63;
  private static final double TWO_POW_64 = 0x1p64;

  private Convert() {}

  /**
   * The general {@code cvt{.rnd}{.ftz}{.sat}.to.from d, a}.
   *
   * @param to the destination type
   * @param from the source type
   * @param rnd the rounding modifier
   * @param sat the {@code .sat} modifier
   * @param ftz the {@code .ftz} modifier
   * @param bits the source value (low {@code from.bits()} bits used)
   * @return the converted value, extended per {@code to}
   */
  public static long cvt(
      NumType to, NumType from, CvtRounding rnd, boolean sat, boolean ftz, long bits) {
    if (!from.isFloat()) {
      long v = from.normalize(bits);
      boolean big = from == NumType.U64 && v < 0; // a u64 above 2^63-1
      if (!to.isFloat()) {
        return sat ? clampInt(to, v, big) : to.normalize(v);
      }
      return intToFloat(to, v, big, rnd.direction(), sat);
    }
    double x = decode(from, bits, ftz);
    if (!to.isFloat()) {
      return floatToInt(to, x, rnd.direction());
    }
    if (rnd.isInteger()) {
      x = roundIntegral(x, rnd.direction());
    }
    long r = encode(to, x, rnd.direction());
    if (ftz && to == NumType.F32) {
      r = Float32.flush((int) r) & 0xffffffffL;
    }
    return sat ? saturate(to, r) : r;
  }

  /**
   * {@code cvt.f32.f16}: exact.
   *
   * @param h the f16 bits
   * @return the f32 bits; NaN canonical
   */
  public static int f16ToF32(int h) {
    return Float32.canonical(Half.f16ToDouble(h));
  }

  /**
   * {@code cvt.f32.bf16}: exact.
   *
   * @param h the bf16 bits
   * @return the f32 bits; NaN canonical
   */
  public static int bf16ToF32(int h) {
    int r = h << 16;
    return FloatFormat.F32.isNan(r) ? Float32.CANONICAL_NAN : r;
  }

  /**
   * {@code cvt.frnd.f16.f32}.
   *
   * @param a the f32 bits
   * @param rnd the rounding direction
   * @return the f16 bits
   */
  public static int f32ToF16(int a, Rounding rnd) {
    return FloatFormat.F16.round(Float.intBitsToFloat(a), 0, rnd);
  }

  /**
   * {@code cvt.frnd.bf16.f32}.
   *
   * @param a the f32 bits
   * @param rnd the rounding direction
   * @return the bf16 bits
   */
  public static int f32ToBf16(int a, Rounding rnd) {
    return FloatFormat.BF16.round(Float.intBitsToFloat(a), 0, rnd);
  }

  /**
   * {@code cvt.frnd{.relu}{.satfinite}.f16x2.f32 d, a, b}: {@code a} goes to the upper half, {@code
   * b} to the lower one (ISA: "the value converted from input a is stored in the upper half of d").
   * {@code .relu} turns negative results (-0 included) into +0 and NaN into the canonical NaN;
   * {@code .satfinite} turns infinities into the largest finite value of the same sign.
   *
   * @param a the f32 for bits 31..16
   * @param b the f32 for bits 15..0
   * @param rnd the rounding direction
   * @param relu the {@code .relu} modifier
   * @param satfinite the {@code .satfinite} modifier
   * @return the packed pair
   */
  public static int f32x2ToF16x2(int a, int b, Rounding rnd, boolean relu, boolean satfinite) {
    FloatFormat f = FloatFormat.F16;
    return Half.pack(narrow(f, b, rnd, relu, satfinite), narrow(f, a, rnd, relu, satfinite));
  }

  /**
   * {@code cvt.frnd{.relu}{.satfinite}.bf16x2.f32 d, a, b}: as {@link #f32x2ToF16x2} for bf16.
   *
   * @param a the f32 for bits 31..16
   * @param b the f32 for bits 15..0
   * @param rnd the rounding direction
   * @param relu the {@code .relu} modifier
   * @param satfinite the {@code .satfinite} modifier
   * @return the packed pair
   */
  public static int f32x2ToBf16x2(int a, int b, Rounding rnd, boolean relu, boolean satfinite) {
    FloatFormat f = FloatFormat.BF16;
    return Half.pack(narrow(f, b, rnd, relu, satfinite), narrow(f, a, rnd, relu, satfinite));
  }

  /**
   * {@code cvt.frnd{.relu}{.satfinite}.f16.f32} / {@code .bf16.f32} with the packed forms'
   * modifiers.
   *
   * @param a the f32 bits
   * @param bf16 convert to bf16 rather than f16
   * @param rnd the rounding direction
   * @param relu the {@code .relu} modifier
   * @param satfinite the {@code .satfinite} modifier
   * @return the 16-bit result
   */
  public static int f32ToHalf(int a, boolean bf16, Rounding rnd, boolean relu, boolean satfinite) {
    return narrow(bf16 ? FloatFormat.BF16 : FloatFormat.F16, a, rnd, relu, satfinite);
  }

  /**
   * {@code cvt.f64.f32}: exact; {@code .ftz} flushes a subnormal source.
   *
   * @param a the f32 bits
   * @param ftz the {@code .ftz} modifier
   * @return the f64 bits; NaN canonical
   */
  public static long f32ToF64(int a, boolean ftz) {
    return Float64.canonical(Float.intBitsToFloat(ftz ? Float32.flush(a) : a));
  }

  /**
   * {@code cvt.frnd{.ftz}{.sat}.f32.f64}.
   *
   * @param a the f64 bits
   * @param rnd the rounding direction
   * @param ftz flush a subnormal result
   * @param sat clamp to [0, 1]
   * @return the f32 bits
   */
  public static int f64ToF32(long a, Rounding rnd, boolean ftz, boolean sat) {
    int r = FloatFormat.F32.round(Double.longBitsToDouble(a), 0, rnd);
    if (ftz) {
      r = Float32.flush(r);
    }
    return sat ? Float32.saturate(r) : r;
  }

  /**
   * {@code cvt.irnd{.ftz}.s32.f32}.
   *
   * @param a the f32 bits
   * @param rnd the rounding direction of the integer modifier
   * @param ftz flush a subnormal source first
   * @return the clamped integer; 0 for NaN
   */
  public static int f32ToS32(int a, Rounding rnd, boolean ftz) {
    double x = Float.intBitsToFloat(ftz ? Float32.flush(a) : a);
    return (int) floatToInt(NumType.S32, x, rnd);
  }

  /**
   * {@code cvt.irnd{.ftz}.u32.f32}.
   *
   * @param a the f32 bits
   * @param rnd the rounding direction of the integer modifier
   * @param ftz flush a subnormal source first
   * @return the clamped integer (as unsigned bits); 0 for NaN
   */
  public static int f32ToU32(int a, Rounding rnd, boolean ftz) {
    double x = Float.intBitsToFloat(ftz ? Float32.flush(a) : a);
    return (int) floatToInt(NumType.U32, x, rnd);
  }

  /**
   * {@code cvt.irnd.s32.f64}.
   *
   * @param a the f64 bits
   * @param rnd the rounding direction of the integer modifier
   * @return the clamped integer; 0 for NaN
   */
  public static int f64ToS32(long a, Rounding rnd) {
    return (int) floatToInt(NumType.S32, Double.longBitsToDouble(a), rnd);
  }

  /**
   * {@code cvt.irnd.s64.f64}.
   *
   * @param a the f64 bits
   * @param rnd the rounding direction of the integer modifier
   * @return the clamped integer; 0 for NaN
   */
  public static long f64ToS64(long a, Rounding rnd) {
    return floatToInt(NumType.S64, Double.longBitsToDouble(a), rnd);
  }

  /**
   * {@code cvt.irnd.u64.f64}.
   *
   * @param a the f64 bits
   * @param rnd the rounding direction of the integer modifier
   * @return the clamped integer (as unsigned bits); 0 for NaN
   */
  public static long f64ToU64(long a, Rounding rnd) {
    return floatToInt(NumType.U64, Double.longBitsToDouble(a), rnd);
  }

  /**
   * {@code cvt.frnd.f32.s32}.
   *
   * @param a the integer
   * @param rnd the rounding direction
   * @return the f32 bits
   */
  public static int s32ToF32(int a, Rounding rnd) {
    return FloatFormat.F32.round(a, 0, rnd); // an int is exact in a double
  }

  /**
   * {@code cvt.frnd.f32.u32}.
   *
   * @param a the integer (unsigned)
   * @param rnd the rounding direction
   * @return the f32 bits
   */
  public static int u32ToF32(int a, Rounding rnd) {
    return FloatFormat.F32.round(a & 0xffffffffL, 0, rnd);
  }

  /**
   * {@code cvt.f64.s32}: exact.
   *
   * @param a the integer
   * @return the f64 bits
   */
  public static long s32ToF64(int a) {
    return Double.doubleToRawLongBits(a);
  }

  /**
   * {@code cvt.frnd.f64.s64}.
   *
   * @param a the integer
   * @param rnd the rounding direction
   * @return the f64 bits
   */
  public static long s64ToF64(long a, Rounding rnd) {
    return intToFloat(NumType.F64, a, false, rnd, false);
  }

  /**
   * {@code cvt.frnd.f64.u64}.
   *
   * @param a the integer (unsigned)
   * @param rnd the rounding direction
   * @return the f64 bits
   */
  public static long u64ToF64(long a, Rounding rnd) {
    return intToFloat(NumType.F64, a, a < 0, rnd, false);
  }

  /** The source as an exact double; {@code ftz} flushes a subnormal f32. */
  private static double decode(NumType from, long bits, boolean ftz) {
    switch (from) {
      case F16:
        return Half.f16ToDouble((int) bits);
      case BF16:
        return Float.intBitsToFloat((int) bits << 16);
      case F32:
        return Float.intBitsToFloat(ftz ? Float32.flush((int) bits) : (int) bits);
      default:
        return Double.longBitsToDouble(bits);
    }
  }

  /** Rounds an exact double once to a float type; NaN becomes the canonical NaN. */
  private static long encode(NumType to, double x, Rounding rnd) {
    switch (to) {
      case F16:
        return FloatFormat.F16.round(x, 0, rnd);
      case BF16:
        return FloatFormat.BF16.round(x, 0, rnd);
      case F32:
        return FloatFormat.F32.round(x, 0, rnd) & 0xffffffffL;
      default:
        return Float64.canonical(x);
    }
  }

  private static long saturate(NumType to, long r) {
    switch (to) {
      case F16:
        return Half.saturateF16((int) r);
      case BF16:
        return saturateBf16((int) r);
      case F32:
        return Float32.saturate((int) r);
      default:
        double x = Double.longBitsToDouble(r);
        return x > 0 ? (x > 1 ? Float64.ONE : r) : 0; // NaN, -0 and negatives give +0
    }
  }

  private static int saturateBf16(int h) {
    int r = Float32.saturate(h << 16);
    return r >>> 16;
  }

  /** Rounds to an integral value in the given direction (exact in every format). */
  static double roundIntegral(double x, Rounding rnd) {
    switch (rnd) {
      case RN:
        return Math.rint(x);
      case RZ:
        return x < 0 ? Math.ceil(x) : Math.floor(x);
      case RM:
        return Math.floor(x);
      default:
        return Math.ceil(x);
    }
  }

  /** Float to integer: rounds, then clamps to the destination; NaN gives 0. */
  private static long floatToInt(NumType to, double x, Rounding rnd) {
    if (x != x) {
      return 0;
    }
    double r = roundIntegral(x, rnd);
    if (to == NumType.U64) {
      if (r <= 0) {
        return 0;
      }
      if (r >= TWO_POW_64) {
        return -1L;
      }
      return r >= TWO_POW_63 ? (long) (r - TWO_POW_63) ^ Long.MIN_VALUE : (long) r;
    }
    if (to == NumType.S64) {
      return (long) r; // Java's conversion saturates exactly like PTX
    }
    long v = (long) r; // |r| may exceed 32 bits, but long holds every clamp bound
    return Math.max(to.minValue(), Math.min(to.maxValue(), v));
  }

  /** Integer to float: the value is split exactly into a double and its error, then rounded. */
  private static long intToFloat(NumType to, long v, boolean big, Rounding rnd, boolean sat) {
    double hi = big ? (v >>> 32) * TWO_POW_32 : (v >> 32) * TWO_POW_32;
    double lo = v & 0xffffffffL;
    double s = hi + lo;
    double err = Float32.twoSumError(hi, lo, s);
    long r;
    switch (to) {
      case F16:
        r = FloatFormat.F16.round(s, err, rnd);
        break;
      case BF16:
        r = FloatFormat.BF16.round(s, err, rnd);
        break;
      case F32:
        r = FloatFormat.F32.round(s, err, rnd) & 0xffffffffL;
        break;
      default:
        r = Double.doubleToRawLongBits(Float64.directed(s, err, rnd));
        break;
    }
    return sat ? saturate(to, r) : r;
  }

  private static long clampInt(NumType to, long v, boolean big) {
    if (big) {
      // above every signed bound; within u64's
      return to == NumType.U64 ? v : to.normalize(to.maxValue());
    }
    if (to == NumType.U64) {
      return Math.max(v, 0);
    }
    return to.normalize(Math.max(to.minValue(), Math.min(to.maxValue(), v)));
  }

  private static int narrow(FloatFormat f, int a, Rounding rnd, boolean relu, boolean satfinite) {
    int r = f.round(Float.intBitsToFloat(a), 0, rnd);
    if (relu) {
      if (f.isNan(r)) {
        return Half.CANONICAL_NAN;
      }
      if ((r & f.signBit) != 0) {
        r = 0;
      }
    }
    if (satfinite && (r & (f.signBit - 1)) == f.infBits) {
      r = r & f.signBit | f.maxBits;
    }
    return r;
  }
}
