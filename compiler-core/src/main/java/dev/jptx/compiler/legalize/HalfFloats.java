package dev.jptx.compiler.legalize;

import dev.jptx.compiler.ir.ScalarType;

/** The exact {@code f32} pattern of a half constant's pattern, for promoted constants. */
final class HalfFloats {
  private HalfFloats() {}

  /** The {@code f32} bits of the {@code f16} or {@code bf16} pattern {@code bits}. */
  static long floatBits(ScalarType half, long bits) {
    int h = (int) bits & 0xFFFF;
    if (half == ScalarType.BF16) {
      return ((long) h << 16) & 0xFFFF_FFFFL;
    }
    int sign = (h & 0x8000) << 16;
    int exponent = (h >>> 10) & 0x1F;
    int fraction = h & 0x3FF;
    int f;
    if (exponent == 0x1F) {
      // infinity or NaN: the payload kept, as cvt.f32.f16 does
      f = sign | 0x7F80_0000 | fraction << 13;
    } else if (exponent == 0) {
      // a subnormal half is a normal float: fraction * 2^-24, exactly
      f = sign | Float.floatToRawIntBits(fraction * 0x1p-24f);
    } else {
      f = sign | (exponent + 112) << 23 | fraction << 13;
    }
    return f & 0xFFFF_FFFFL;
  }
}
