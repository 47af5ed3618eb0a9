package dev.jptx.runtime.sim.alu;

/** The numeric types of PTX that arithmetic and {@code cvt} distinguish. */
public enum NumType {
  /** {@code .u8}. */
  U8(8, false, false),
  /** {@code .s8}. */
  S8(8, true, false),
  /** {@code .u16}. */
  U16(16, false, false),
  /** {@code .s16}. */
  S16(16, true, false),
  /** {@code .u32}. */
  U32(32, false, false),
  /** {@code .s32}. */
  S32(32, true, false),
  /** {@code .u64}. */
  U64(64, false, false),
  /** {@code .s64}. */
  S64(64, true, false),
  /** {@code .f16}: IEEE binary16. */
  F16(16, true, true),
  /** {@code .bf16}: bfloat16, the upper half of a binary32. */
  BF16(16, true, true),
  /** {@code .f32}: IEEE binary32. */
  F32(32, true, true),
  /** {@code .f64}: IEEE binary64. */
  F64(64, true, true);

  private final int bits;
  private final boolean signed;
  private final boolean floating;

  NumType(int bits, boolean signed, boolean floating) {
    this.bits = bits;
    this.signed = signed;
    this.floating = floating;
  }

  /**
   * The width in bits.
   *
   * @return 8, 16, 32 or 64
   */
  public int bits() {
    return bits;
  }

  /**
   * Whether values of this type are signed (every floating-point type is).
   *
   * @return true for {@code .sN} and the floating-point types
   */
  public boolean isSigned() {
    return signed;
  }

  /**
   * Whether this is a floating-point type.
   *
   * @return true for f16, bf16, f32 and f64
   */
  public boolean isFloat() {
    return floating;
  }

  /**
   * The low {@link #bits()} bits of {@code v}, sign-extended for signed integer types and
   * zero-extended otherwise (floating-point bit patterns included).
   *
   * @param v a value whose upper bits are ignored
   * @return the canonical 64-bit form of the value
   */
  public long normalize(long v) {
    int shift = 64 - bits;
    return signed && !floating ? (v << shift) >> shift : (v << shift) >>> shift;
  }

  /**
   * The smallest value of an integer type, as a signed 64-bit number.
   *
   * @return 0 for unsigned types, {@code -2^(bits-1)} for signed ones
   */
  long minValue() {
    return signed ? -1L << (bits - 1) : 0;
  }

  /**
   * The largest value of an integer type, as a 64-bit pattern ({@code -1L} for {@code .u64}).
   *
   * @return {@code 2^(bits-1)-1} for signed types, {@code 2^bits-1} for unsigned ones
   */
  long maxValue() {
    return signed ? ~(-1L << (bits - 1)) : -1L >>> (64 - bits);
  }
}
