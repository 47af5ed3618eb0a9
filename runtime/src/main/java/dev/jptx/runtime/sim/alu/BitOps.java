package dev.jptx.runtime.sim.alu;

/**
 * Bit manipulation: counts, bit fields, byte permutes, funnel and plain shifts, {@code lop3}.
 *
 * <p>Shift amounts and bit-field positions are unsigned as in PTX: a negative Java {@code int}
 * stands for a large unsigned amount.
 */
public final class BitOps {
  private static final long M32 = 0xffffffffL;

  private BitOps() {}

  /**
   * {@code popc.b32}.
   *
   * @param a the operand
   * @return the number of one bits
   */
  public static int popc(int a) {
    return Integer.bitCount(a);
  }

  /**
   * {@code popc.b64}.
   *
   * @param a the operand
   * @return the number of one bits
   */
  public static int popc(long a) {
    return Long.bitCount(a);
  }

  /**
   * {@code clz.b32}.
   *
   * @param a the operand
   * @return the number of leading zeros, 32 for 0
   */
  public static int clz(int a) {
    return Integer.numberOfLeadingZeros(a);
  }

  /**
   * {@code clz.b64}.
   *
   * @param a the operand
   * @return the number of leading zeros, 64 for 0
   */
  public static int clz(long a) {
    return Long.numberOfLeadingZeros(a);
  }

  /**
   * {@code brev.b32}.
   *
   * @param a the operand
   * @return the bits in reverse order
   */
  public static int brev(int a) {
    return Integer.reverse(a);
  }

  /**
   * {@code brev.b64}.
   *
   * @param a the operand
   * @return the bits in reverse order
   */
  public static long brev(long a) {
    return Long.reverse(a);
  }

  /**
   * {@code bfind{.shiftamt}.u32/.s32}: the position of the most significant non-sign bit (for
   * negative signed operands, the most significant zero).
   *
   * @param a the operand
   * @param signed {@code .s32} rather than {@code .u32}
   * @param shiftAmt {@code .shiftamt}: return {@code 31 - position} instead
   * @return the bit position (or shift amount), {@code 0xffffffff} when there is none
   */
  public static int bfind(int a, boolean signed, boolean shiftAmt) {
    int v = signed && a < 0 ? ~a : a;
    if (v == 0) {
      return -1;
    }
    int lz = Integer.numberOfLeadingZeros(v);
    return shiftAmt ? lz : 31 - lz;
  }

  /**
   * {@code bfind{.shiftamt}.u64/.s64}.
   *
   * @param a the operand
   * @param signed {@code .s64} rather than {@code .u64}
   * @param shiftAmt {@code .shiftamt}: return {@code 63 - position} instead
   * @return the bit position (or shift amount), {@code 0xffffffff} when there is none
   */
  public static int bfind(long a, boolean signed, boolean shiftAmt) {
    long v = signed && a < 0 ? ~a : a;
    if (v == 0) {
      return -1;
    }
    int lz = Long.numberOfLeadingZeros(v);
    return shiftAmt ? lz : 63 - lz;
  }

  /**
   * {@code bfe.u32/.s32 d, a, b, c}: extract {@code len = c & 0xff} bits at {@code pos = b & 0xff}.
   * Bits past bit 31 read as the sign bit {@code a[min(pos+len-1, 31)]} for {@code .s32} (so a
   * field starting past bit 31 is all sign bits of {@code a}) and as zero for {@code .u32}; a zero
   * length gives 0.
   *
   * @param a the source
   * @param pos start bit (low 8 bits used)
   * @param len field length (low 8 bits used)
   * @param signed sign-extend the field
   * @return the extracted field
   */
  public static int bfe(int a, int pos, int len, boolean signed) {
    return (int) bfe(a & M32, pos, len, signed, 32);
  }

  /**
   * {@code bfe.u64/.s64 d, a, b, c}: the 64-bit form of {@link #bfe(int, int, int, boolean)}.
   *
   * @param a the source
   * @param pos start bit (low 8 bits used)
   * @param len field length (low 8 bits used)
   * @param signed sign-extend the field
   * @return the extracted field
   */
  public static long bfe(long a, int pos, int len, boolean signed) {
    return bfe(a, pos, len, signed, 64);
  }

  private static long bfe(long a, int pos, int len, boolean signed, int width) {
    pos &= 0xff;
    len &= 0xff;
    if (len == 0) {
      return 0;
    }
    int msb = width - 1;
    boolean sbit = signed && (a >>> Math.min(pos + len - 1, msb) & 1) != 0;
    if (pos > msb) {
      return sbit ? -1L : 0;
    }
    int n = Math.min(len, width - pos);
    long field = n == 64 ? a : a >>> pos & ((1L << n) - 1);
    return sbit && n < 64 ? field | -1L << n : field;
  }

  /**
   * {@code bfi.b32 f, a, b, c, d}: {@code b} with {@code len = d & 0xff} bits at {@code pos = c &
   * 0xff} replaced by the low bits of {@code a}; bits past 31 are dropped.
   *
   * @param a the field to insert
   * @param b the base
   * @param pos start bit (low 8 bits used)
   * @param len field length (low 8 bits used)
   * @return the combination
   */
  public static int bfi(int a, int b, int pos, int len) {
    return (int) bfi(a, b, pos, len, 32);
  }

  /**
   * {@code bfi.b64 f, a, b, c, d}: the 64-bit form of {@link #bfi(int, int, int, int)}.
   *
   * @param a the field to insert
   * @param b the base
   * @param pos start bit (low 8 bits used)
   * @param len field length (low 8 bits used)
   * @return the combination
   */
  public static long bfi(long a, long b, int pos, int len) {
    return bfi(a, b, pos, len, 64);
  }

  private static long bfi(long a, long b, int pos, int len, int width) {
    pos &= 0xff;
    len &= 0xff;
    if (pos >= width || len == 0) {
      return b;
    }
    int n = Math.min(len, width - pos);
    long mask = (n == 64 ? -1L : (1L << n) - 1) << pos;
    return b & ~mask | a << pos & mask;
  }

  /**
   * {@code bmsk.mode.b32 d, a, b}: a mask of {@code b} ones starting at bit {@code a}. {@code
   * .clamp} limits both to 32, {@code .wrap} takes them modulo 32.
   *
   * @param pos the start bit {@code a}
   * @param len the width {@code b}
   * @param wrap {@code .wrap} rather than {@code .clamp}
   * @return the mask (bits past 31 dropped)
   */
  public static int bmsk(int pos, int len, boolean wrap) {
    long p = wrap ? pos & 31 : Math.min(pos & M32, 32);
    long n = wrap ? len & 31 : Math.min(len & M32, 32);
    return (int) (((1L << n) - 1) << p);
  }

  /**
   * {@code szext.mode.type d, a, b}: the low {@code b} bits of {@code a}, sign-extended ({@code
   * .s32}) or zero-extended ({@code .u32}); {@code .clamp} limits {@code b} to 32, {@code .wrap}
   * takes it modulo 32; a width of 0 gives 0.
   *
   * @param a the source
   * @param width the field width {@code b}
   * @param signed {@code .s32} rather than {@code .u32}
   * @param wrap {@code .wrap} rather than {@code .clamp}
   * @return the extended field
   */
  public static int szext(int a, int width, boolean signed, boolean wrap) {
    int n = (int) (wrap ? width & 31 : Math.min(width & M32, 32));
    if (n == 0) {
      return 0;
    }
    int shift = 32 - n;
    return signed ? a << shift >> shift : a << shift >>> shift;
  }

  /**
   * {@code prmt.b32{.mode} d, a, b, c}: four bytes picked from the eight of {@code {b, a}} (bytes
   * 0-3 from {@code a}, 4-7 from {@code b}). The generic form reads a 4-bit selector per result
   * byte from {@code c[15:0]}, whose bit 3 replicates the picked byte's sign bit; the modes read
   * {@code c[1:0]} and pick per the ISA's tables.
   *
   * @param a bytes 0-3
   * @param b bytes 4-7
   * @param c the selector
   * @param mode the mode
   * @return the permuted word
   */
  public static int prmt(int a, int b, int c, PrmtMode mode) {
    long source = (b & M32) << 32 | (a & M32);
    int s = c & 3;
    int r = 0;
    for (int i = 0; i < 4; i++) {
      int sel;
      switch (mode) {
        case GENERIC:
          sel = c >>> (4 * i) & 0xf;
          break;
        case F4E:
          sel = s + i;
          break;
        case B4E:
          sel = (s - i) & 7;
          break;
        case RC8:
          sel = s;
          break;
        case ECL:
          sel = Math.max(s, i);
          break;
        case ECR:
          sel = Math.min(s, i);
          break;
        case RC16:
          sel = (s & 1) * 2 + (i & 1);
          break;
        default:
          throw new IllegalArgumentException(mode.toString());
      }
      int v = (int) (source >>> (8 * (sel & 7))) & 0xff;
      if ((sel & 8) != 0) {
        v = (v & 0x80) != 0 ? 0xff : 0;
      }
      r |= v << (8 * i);
    }
    return r;
  }

  /**
   * {@code shf.l{.clamp|.wrap}.b32 d, a, b, c}: the upper 32 bits of {@code {b, a} << n}, where
   * {@code n = min(c, 32)} (unsigned) for {@code .clamp} and {@code c & 31} for {@code .wrap}.
   *
   * @param a the low word
   * @param b the high word
   * @param c the shift amount
   * @param clamp {@code .clamp} rather than {@code .wrap}
   * @return the funnel-shifted word
   */
  public static int shfL(int a, int b, int c, boolean clamp) {
    long v = (b & M32) << 32 | (a & M32);
    return (int) (v << funnelAmount(c, clamp) >>> 32);
  }

  /**
   * {@code shf.r{.clamp|.wrap}.b32 d, a, b, c}: the lower 32 bits of {@code {b, a} >> n}.
   *
   * @param a the low word
   * @param b the high word
   * @param c the shift amount
   * @param clamp {@code .clamp} rather than {@code .wrap}
   * @return the funnel-shifted word
   */
  public static int shfR(int a, int b, int c, boolean clamp) {
    long v = (b & M32) << 32 | (a & M32);
    return (int) (v >>> funnelAmount(c, clamp));
  }

  private static int funnelAmount(int c, boolean clamp) {
    return clamp ? (int) Math.min(c & M32, 32) : c & 31;
  }

  /**
   * {@code shl.bN}: shift left; amounts of N or more (unsigned) give 0.
   *
   * @param t the operand type (its width N matters)
   * @param a the operand
   * @param n the shift amount (unsigned)
   * @return {@code a << n} in N bits
   */
  public static long shl(NumType t, long a, int n) {
    long amount = n & M32;
    return amount >= t.bits() ? 0 : t.normalize(a << amount);
  }

  /**
   * {@code shr.type}: shift right, arithmetic for signed types; amounts of N or more (unsigned)
   * give the sign fill for signed types and 0 for unsigned ones.
   *
   * @param t the operand type
   * @param a the operand
   * @param n the shift amount (unsigned)
   * @return {@code a >> n} in N bits
   */
  public static long shr(NumType t, long a, int n) {
    long amount = Math.min(n & M32, 63);
    long x = t.normalize(a);
    return t.isSigned() ? x >> amount : amount >= t.bits() ? 0 : x >>> amount;
  }

  /**
   * {@code shl.b32}.
   *
   * @param a the operand
   * @param n the shift amount (unsigned)
   * @return {@code a << n}, 0 for amounts of 32 or more
   */
  public static int shl32(int a, int n) {
    return Integer.compareUnsigned(n, 32) >= 0 ? 0 : a << n;
  }

  /**
   * {@code shr.u32}.
   *
   * @param a the operand
   * @param n the shift amount (unsigned)
   * @return {@code a >>> n}, 0 for amounts of 32 or more
   */
  public static int shrU32(int a, int n) {
    return Integer.compareUnsigned(n, 32) >= 0 ? 0 : a >>> n;
  }

  /**
   * {@code shr.s32}.
   *
   * @param a the operand
   * @param n the shift amount (unsigned)
   * @return {@code a >> n}, the sign fill for amounts of 32 or more
   */
  public static int shrS32(int a, int n) {
    return a >> (Integer.compareUnsigned(n, 31) > 0 ? 31 : n);
  }

  /**
   * {@code shl.b64}.
   *
   * @param a the operand
   * @param n the shift amount (unsigned)
   * @return {@code a << n}, 0 for amounts of 64 or more
   */
  public static long shl64(long a, int n) {
    return Integer.compareUnsigned(n, 64) >= 0 ? 0 : a << n;
  }

  /**
   * {@code shr.u64}.
   *
   * @param a the operand
   * @param n the shift amount (unsigned)
   * @return {@code a >>> n}, 0 for amounts of 64 or more
   */
  public static long shrU64(long a, int n) {
    return Integer.compareUnsigned(n, 64) >= 0 ? 0 : a >>> n;
  }

  /**
   * {@code shr.s64}.
   *
   * @param a the operand
   * @param n the shift amount (unsigned)
   * @return {@code a >> n}, the sign fill for amounts of 64 or more
   */
  public static long shrS64(long a, int n) {
    return a >> (Integer.compareUnsigned(n, 63) > 0 ? 63 : n);
  }

  /**
   * {@code lop3.b32 d, a, b, c, immLut}: each result bit is {@code immLut} indexed by {@code (a_i
   * << 2) | (b_i << 1) | c_i}; that is, {@code immLut = F(0xF0, 0xCC, 0xAA)} for the function F
   * wanted.
   *
   * @param a first operand
   * @param b second operand
   * @param c third operand
   * @param lut the 8-bit truth table (low 8 bits used)
   * @return the bitwise function
   */
  public static int lop3(int a, int b, int c, int lut) {
    int r = 0;
    for (int i = 0; i < 8; i++) {
      if ((lut >>> i & 1) != 0) {
        int ta = (i & 4) != 0 ? a : ~a;
        int tb = (i & 2) != 0 ? b : ~b;
        int tc = (i & 1) != 0 ? c : ~c;
        r |= ta & tb & tc;
      }
    }
    return r;
  }

  /**
   * {@code cnot.bN}: logical not.
   *
   * @param a the operand, already reduced to its width
   * @return 1 if {@code a} is zero, else 0
   */
  public static long cnot(long a) {
    return a == 0 ? 1 : 0;
  }
}
