package dev.jptx.runtime.sim.ptx;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** The PTX fundamental types, as written in type modifiers ({@code .s32}, {@code .f16x2}). */
public enum PtxType {
  /** Untyped 8 bits. */
  B8(8),
  /** Untyped 16 bits. */
  B16(16),
  /** Untyped 32 bits. */
  B32(32),
  /** Untyped 64 bits. */
  B64(64),
  /** Untyped 128 bits. */
  B128(128),
  /** Unsigned 8-bit integer. */
  U8(8),
  /** Unsigned 16-bit integer. */
  U16(16),
  /** Unsigned 32-bit integer. */
  U32(32),
  /** Unsigned 64-bit integer. */
  U64(64),
  /** Signed 8-bit integer. */
  S8(8),
  /** Signed 16-bit integer. */
  S16(16),
  /** Signed 32-bit integer. */
  S32(32),
  /** Signed 64-bit integer. */
  S64(64),
  /** IEEE half precision. */
  F16(16),
  /** Two packed halves. */
  F16X2(32),
  /** bfloat16. */
  BF16(16),
  /** Two packed bfloat16. */
  BF16X2(32),
  /** TensorFloat-32, stored in 32 bits. */
  TF32(32),
  /** IEEE single precision. */
  F32(32),
  /** IEEE double precision. */
  F64(64),
  /** A predicate; {@link #bits()} is 1. */
  PRED(1),
  /** FP8 with 4 exponent and 3 mantissa bits. */
  E4M3(8),
  /** FP8 with 5 exponent and 2 mantissa bits. */
  E5M2(8),
  /** Two packed {@link #E4M3}. */
  E4M3X2(16),
  /** Two packed {@link #E5M2}. */
  E5M2X2(16);

  private static final Map<String, PtxType> BY_MODIFIER = new HashMap<>();

  static {
    for (PtxType type : values()) {
      BY_MODIFIER.put(type.modifier(), type);
    }
  }

  private final int bits;

  PtxType(int bits) {
    this.bits = bits;
  }

  /**
   * Returns the type a modifier names.
   *
   * @param modifier a modifier without its dot, such as {@code "s32"}
   * @return the type, or null if the modifier is not a type
   */
  public static PtxType fromModifier(String modifier) {
    return BY_MODIFIER.get(modifier);
  }

  /**
   * Returns the width.
   *
   * @return the size in bits; 1 for {@link #PRED}
   */
  public int bits() {
    return bits;
  }

  /**
   * Returns the size in memory.
   *
   * @return the size in bytes; 1 for {@link #PRED}, which never lives in memory
   */
  public int bytes() {
    return Math.max(1, bits / 8);
  }

  /**
   * Returns the modifier that names this type.
   *
   * @return the name without a dot, such as {@code "f16x2"}
   */
  public String modifier() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Tells whether this is a floating-point type, packed ones included.
   *
   * @return true for the {@code f}, {@code bf}, {@code tf32} and {@code e4m3}/{@code e5m2} types
   */
  public boolean isFloat() {
    switch (this) {
      case F16:
      case F16X2:
      case BF16:
      case BF16X2:
      case TF32:
      case F32:
      case F64:
      case E4M3:
      case E5M2:
      case E4M3X2:
      case E5M2X2:
        return true;
      default:
        return false;
    }
  }

  /**
   * Tells whether this is a signed integer type.
   *
   * @return true for {@code s8 s16 s32 s64}; false for floats, which carry their sign anyway
   */
  public boolean isSigned() {
    return this == S8 || this == S16 || this == S32 || this == S64;
  }

  /**
   * Tells whether this is an unsigned integer type.
   *
   * @return true for {@code u8 u16 u32 u64}
   */
  public boolean isUnsigned() {
    return this == U8 || this == U16 || this == U32 || this == U64;
  }

  /**
   * Tells whether this is an untyped bit type.
   *
   * @return true for {@code b8 b16 b32 b64 b128}
   */
  public boolean isBits() {
    return this == B8 || this == B16 || this == B32 || this == B64 || this == B128;
  }
}
