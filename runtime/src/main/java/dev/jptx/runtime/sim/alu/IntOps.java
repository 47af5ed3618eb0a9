package dev.jptx.runtime.sim.alu;

/**
 * Integer arithmetic: multiplication halves, division, saturation, carries, packed 16-bit forms and
 * dot products.
 *
 * <p>The functions taking a {@link NumType} read the low {@code bits()} bits of each operand and
 * return the result extended by the result type's signedness ({@link NumType#normalize}); the
 * {@code int}/{@code long} specialisations do the same for fixed widths without the dispatch.
 *
 * <p>Division by zero, which PTX leaves machine-specific, returns all ones in the operation's width
 * for both {@code div} and {@code rem}, signed or not: NVIDIA GPUs are documented (by NVIDIA's own
 * engineers answering on their forums and Stack Overflow, and confirmed by PyTorch's CUDA tests) to
 * give a result with every bit set for 8- to 32-bit division and remainder by zero. For 64-bit
 * operands hardware runs a software sequence whose result has been observed to depend on the
 * dividend's sign ({@code 0xffffffff} for non-negative dividends); the simulator returns all ones
 * there too, so a kernel cannot tell the widths apart. The overflowing {@code MIN / -1} wraps to
 * {@code MIN} with remainder 0.
 */
public final class IntOps {
  private static final long M32 = 0xffffffffL;

  private IntOps() {}

  /**
   * {@code mul.lo.type}: the low half of the double-width product.
   *
   * @param t the operand type
   * @param a first factor
   * @param b second factor
   * @return the product modulo {@code 2^bits}
   */
  public static long mulLo(NumType t, long a, long b) {
    return t.normalize(a * b);
  }

  /**
   * {@code mul.hi.type}: the high half of the double-width product.
   *
   * @param t the operand type (16, 32 or 64 bits)
   * @param a first factor
   * @param b second factor
   * @return bits {@code [2n-1:n]} of the product
   */
  public static long mulHi(NumType t, long a, long b) {
    if (t.bits() == 64) {
      return t.isSigned() ? Math.multiplyHigh(a, b) : mulHiU64(a, b);
    }
    return t.normalize(t.normalize(a) * t.normalize(b) >> t.bits());
  }

  /**
   * {@code mul.wide.type}: the full product of 16- or 32-bit operands, twice as wide.
   *
   * @param t the operand type ({@code U16 S16 U32 S32})
   * @param a first factor
   * @param b second factor
   * @return the exact product, extended per the doubled type's signedness
   */
  public static long mulWide(NumType t, long a, long b) {
    long p = t.normalize(a) * t.normalize(b);
    if (t.bits() == 16) {
      return t.isSigned() ? (int) p : p & M32;
    }
    return p;
  }

  /**
   * {@code mad.lo.type}: {@code (a * b).lo + c}.
   *
   * @param t the operand type
   * @param a first factor
   * @param b second factor
   * @param c addend
   * @return the sum modulo {@code 2^bits}
   */
  public static long madLo(NumType t, long a, long b, long c) {
    return t.normalize(a * b + c);
  }

  /**
   * {@code mad.hi.type}: {@code (a * b).hi + c}.
   *
   * @param t the operand type
   * @param a first factor
   * @param b second factor
   * @param c addend
   * @return the sum modulo {@code 2^bits}
   */
  public static long madHi(NumType t, long a, long b, long c) {
    return t.normalize(mulHi(t, a, b) + c);
  }

  /**
   * {@code mad.hi.sat.s32}: {@code (a * b).hi + c} clamped to the s32 range.
   *
   * @param a first factor
   * @param b second factor
   * @param c addend
   * @return the saturated sum
   */
  public static int madHiSatS32(int a, int b, int c) {
    long s = ((long) a * b >> 32) + c;
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, s));
  }

  /**
   * {@code mad.wide.type}: {@code a * b + c} with {@code c} and the result twice as wide.
   *
   * @param t the operand type ({@code U16 S16 U32 S32})
   * @param a first factor
   * @param b second factor
   * @param c the wide addend
   * @return the sum modulo {@code 2^(2*bits)}, extended per the doubled type
   */
  public static long madWide(NumType t, long a, long b, long c) {
    long s = mulWide(t, a, b) + c;
    if (t.bits() == 16) {
      return t.isSigned() ? (int) s : s & M32;
    }
    return s;
  }

  /**
   * {@code mul.hi.u64}.
   *
   * @param a first factor
   * @param b second factor
   * @return the high 64 bits of the unsigned 128-bit product
   */
  public static long mulHiU64(long a, long b) {
    return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
  }

  /**
   * {@code mul.hi.s64}.
   *
   * @param a first factor
   * @param b second factor
   * @return the high 64 bits of the signed 128-bit product
   */
  public static long mulHiS64(long a, long b) {
    return Math.multiplyHigh(a, b);
  }

  /**
   * {@code mul.hi.s32}.
   *
   * @param a first factor
   * @param b second factor
   * @return the high 32 bits of the signed 64-bit product
   */
  public static int mulHiS32(int a, int b) {
    return (int) ((long) a * b >> 32);
  }

  /**
   * {@code mul.hi.u32}.
   *
   * @param a first factor
   * @param b second factor
   * @return the high 32 bits of the unsigned 64-bit product
   */
  public static int mulHiU32(int a, int b) {
    return (int) ((a & M32) * (b & M32) >>> 32);
  }

  /**
   * {@code mul.wide.s32}.
   *
   * @param a first factor
   * @param b second factor
   * @return the signed 64-bit product
   */
  public static long mulWideS32(int a, int b) {
    return (long) a * b;
  }

  /**
   * {@code mul.wide.u32}.
   *
   * @param a first factor
   * @param b second factor
   * @return the unsigned 64-bit product
   */
  public static long mulWideU32(int a, int b) {
    return (a & M32) * (b & M32);
  }

  /**
   * {@code mul24.lo.type}: the low 32 bits of the product of the operands' low 24 bits
   * (sign-extended from bit 23 for {@code .s32}).
   *
   * @param a first factor
   * @param b second factor
   * @param signed {@code .s32} rather than {@code .u32}
   * @return the low 32 bits of the 48-bit product
   */
  public static int mul24Lo(int a, int b, boolean signed) {
    return (int) (low24(a, signed) * low24(b, signed));
  }

  /**
   * {@code mul24.hi.type}: bits 47..16 of the 48-bit product of the operands' low 24 bits.
   *
   * @param a first factor
   * @param b second factor
   * @param signed {@code .s32} rather than {@code .u32}
   * @return bits 47..16 of the product
   */
  public static int mul24Hi(int a, int b, boolean signed) {
    return (int) (low24(a, signed) * low24(b, signed) >> 16);
  }

  /**
   * {@code mad24.lo.type}: {@link #mul24Lo} plus {@code c}.
   *
   * @param a first factor
   * @param b second factor
   * @param c addend
   * @param signed {@code .s32} rather than {@code .u32}
   * @return the sum modulo 2^32
   */
  public static int mad24Lo(int a, int b, int c, boolean signed) {
    return mul24Lo(a, b, signed) + c;
  }

  /**
   * {@code mad24.hi{.sat}.type}: {@link #mul24Hi} plus {@code c}; {@code .sat} ({@code .s32} only)
   * clamps to the s32 range.
   *
   * @param a first factor
   * @param b second factor
   * @param c addend
   * @param signed {@code .s32} rather than {@code .u32}
   * @param sat saturate (meaningful for {@code .s32})
   * @return the sum
   */
  public static int mad24Hi(int a, int b, int c, boolean signed, boolean sat) {
    int hi = mul24Hi(a, b, signed);
    return sat && signed ? addSatS32(hi, c) : hi + c;
  }

  /**
   * {@code sad.type}: {@code c + |a - b|}, the difference taken in the type's signedness.
   *
   * @param t the operand type
   * @param a first operand
   * @param b second operand
   * @param c accumulator
   * @return the sum modulo {@code 2^bits}
   */
  public static long sad(NumType t, long a, long b, long c) {
    long x = t.normalize(a);
    long y = t.normalize(b);
    boolean less = t.isSigned() ? x < y : Long.compareUnsigned(x, y) < 0;
    return t.normalize(c + (less ? y - x : x - y));
  }

  /**
   * {@code div.type}: truncating division; division by zero gives all ones (see the class comment).
   *
   * @param t the operand type
   * @param a dividend
   * @param b divisor
   * @return the quotient
   */
  public static long div(NumType t, long a, long b) {
    long x = t.normalize(a);
    long y = t.normalize(b);
    if (y == 0) {
      return t.normalize(-1L);
    }
    return t.normalize(t.isSigned() ? x / y : Long.divideUnsigned(x, y));
  }

  /**
   * {@code rem.type}: the remainder of truncating division (the sign of the dividend); a zero
   * divisor gives all ones (see the class comment).
   *
   * @param t the operand type
   * @param a dividend
   * @param b divisor
   * @return the remainder
   */
  public static long rem(NumType t, long a, long b) {
    long x = t.normalize(a);
    long y = t.normalize(b);
    if (y == 0) {
      return t.normalize(-1L);
    }
    return t.normalize(t.isSigned() ? x % y : Long.remainderUnsigned(x, y));
  }

  /**
   * {@code div.s32}.
   *
   * @param a dividend
   * @param b divisor
   * @return the quotient; -1 for a zero divisor
   */
  public static int divS32(int a, int b) {
    return b == 0 ? -1 : a / b;
  }

  /**
   * {@code div.u32}.
   *
   * @param a dividend
   * @param b divisor
   * @return the quotient; {@code 0xffffffff} for a zero divisor
   */
  public static int divU32(int a, int b) {
    return b == 0 ? -1 : Integer.divideUnsigned(a, b);
  }

  /**
   * {@code rem.s32}.
   *
   * @param a dividend
   * @param b divisor
   * @return the remainder; -1 for a zero divisor
   */
  public static int remS32(int a, int b) {
    return b == 0 ? -1 : a % b;
  }

  /**
   * {@code rem.u32}.
   *
   * @param a dividend
   * @param b divisor
   * @return the remainder; {@code 0xffffffff} for a zero divisor
   */
  public static int remU32(int a, int b) {
    return b == 0 ? -1 : Integer.remainderUnsigned(a, b);
  }

  /**
   * {@code div.s64}.
   *
   * @param a dividend
   * @param b divisor
   * @return the quotient; -1 for a zero divisor
   */
  public static long divS64(long a, long b) {
    return b == 0 ? -1 : a / b;
  }

  /**
   * {@code div.u64}.
   *
   * @param a dividend
   * @param b divisor
   * @return the quotient; all ones for a zero divisor
   */
  public static long divU64(long a, long b) {
    return b == 0 ? -1 : Long.divideUnsigned(a, b);
  }

  /**
   * {@code rem.s64}.
   *
   * @param a dividend
   * @param b divisor
   * @return the remainder; -1 for a zero divisor
   */
  public static long remS64(long a, long b) {
    return b == 0 ? -1 : a % b;
  }

  /**
   * {@code rem.u64}.
   *
   * @param a dividend
   * @param b divisor
   * @return the remainder; all ones for a zero divisor
   */
  public static long remU64(long a, long b) {
    return b == 0 ? -1 : Long.remainderUnsigned(a, b);
  }

  /**
   * {@code abs.type} for signed types: {@code abs(MIN) = MIN}.
   *
   * @param t a signed integer type
   * @param a the operand
   * @return the magnitude modulo {@code 2^bits}
   */
  public static long abs(NumType t, long a) {
    long x = t.normalize(a);
    return t.normalize(x < 0 ? -x : x);
  }

  /**
   * {@code neg.type}: two's complement negation.
   *
   * @param t the operand type
   * @param a the operand
   * @return {@code -a} modulo {@code 2^bits}
   */
  public static long neg(NumType t, long a) {
    return t.normalize(-a);
  }

  /**
   * {@code min.type} (with {@code .relu}: also at least 0, PTX allows it on {@code .s32}).
   *
   * @param t the operand type
   * @param a first operand
   * @param b second operand
   * @param relu clamp a negative result to 0
   * @return the smaller operand in the type's signedness
   */
  public static long min(NumType t, long a, long b, boolean relu) {
    long x = t.normalize(a);
    long y = t.normalize(b);
    long r = (t.isSigned() ? x < y : Long.compareUnsigned(x, y) < 0) ? x : y;
    return relu && r < 0 && t.isSigned() ? 0 : r;
  }

  /**
   * {@code max.type} (with {@code .relu}: also at least 0).
   *
   * @param t the operand type
   * @param a first operand
   * @param b second operand
   * @param relu clamp a negative result to 0
   * @return the larger operand in the type's signedness
   */
  public static long max(NumType t, long a, long b, boolean relu) {
    long x = t.normalize(a);
    long y = t.normalize(b);
    long r = (t.isSigned() ? x > y : Long.compareUnsigned(x, y) > 0) ? x : y;
    return relu && r < 0 && t.isSigned() ? 0 : r;
  }

  /**
   * {@code add.sat.s32}: the sum clamped to the s32 range.
   *
   * @param a first operand
   * @param b second operand
   * @return the saturated sum
   */
  public static int addSatS32(int a, int b) {
    long s = (long) a + b;
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, s));
  }

  /**
   * {@code sub.sat.s32}: the difference clamped to the s32 range.
   *
   * @param a minuend
   * @param b subtrahend
   * @return the saturated difference
   */
  public static int subSatS32(int a, int b) {
    long s = (long) a - b;
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, s));
  }

  /**
   * {@code add.cc}/{@code addc{.cc}} on 32 bits: {@code a + b + carryIn}.
   *
   * @param a first operand
   * @param b second operand
   * @param carryIn the incoming carry, 0 for {@code add.cc} (only bit 0 is read)
   * @return the sum in bits 31..0 and the carry-out in bit 32 ({@code (int) r} is the sum, {@code
   *     (int) (r >>> 32)} the carry)
   */
  public static long addCarry32(int a, int b, int carryIn) {
    return (a & M32) + (b & M32) + (carryIn & 1);
  }

  /**
   * {@code sub.cc}/{@code subc{.cc}} on 32 bits: {@code a - (b + borrowIn)}. PTX's carry flag holds
   * a borrow for subtraction ({@code subc} subtracts it), so the flag written here is 1 when the
   * unsigned subtraction wrapped.
   *
   * @param a minuend
   * @param b subtrahend
   * @param borrowIn the incoming borrow, 0 for {@code sub.cc} (only bit 0 is read)
   * @return the difference in bits 31..0 and the borrow-out in bit 32
   */
  public static long subBorrow32(int a, int b, int borrowIn) {
    long d = (a & M32) - (b & M32) - (borrowIn & 1);
    return (d & M32) | (d < 0 ? 1L << 32 : 0);
  }

  /**
   * {@code add.cc}/{@code addc} on 64 bits: the sum; {@link #carryOut64} gives the flag.
   *
   * @param a first operand
   * @param b second operand
   * @param carryIn the incoming carry (bit 0)
   * @return {@code a + b + carryIn} modulo 2^64
   */
  public static long addCarry64(long a, long b, int carryIn) {
    return a + b + (carryIn & 1);
  }

  /**
   * The carry-out of {@link #addCarry64}.
   *
   * @param a first operand
   * @param b second operand
   * @param carryIn the incoming carry (bit 0)
   * @return 1 when the unsigned sum does not fit 64 bits, else 0
   */
  public static int carryOut64(long a, long b, int carryIn) {
    long s = a + b + (carryIn & 1);
    return (int) (((a & b) | ((a | b) & ~s)) >>> 63);
  }

  /**
   * {@code sub.cc}/{@code subc} on 64 bits: the difference; {@link #borrowOut64} gives the flag.
   *
   * @param a minuend
   * @param b subtrahend
   * @param borrowIn the incoming borrow (bit 0)
   * @return {@code a - b - borrowIn} modulo 2^64
   */
  public static long subBorrow64(long a, long b, int borrowIn) {
    return a - b - (borrowIn & 1);
  }

  /**
   * The borrow-out of {@link #subBorrow64}.
   *
   * @param a minuend
   * @param b subtrahend
   * @param borrowIn the incoming borrow (bit 0)
   * @return 1 when the unsigned subtraction wraps, else 0
   */
  public static int borrowOut64(long a, long b, int borrowIn) {
    long d = a - b - (borrowIn & 1);
    return (int) (((~a & b) | ((~a | b) & d)) >>> 63);
  }

  /**
   * {@code add.u16x2} / {@code add.s16x2}: lane-wise wrapping sums (the same bits for both).
   *
   * @param a first operand pair
   * @param b second operand pair
   * @return the packed sums
   */
  public static int add16x2(int a, int b) {
    return Half.pack(a + b, (a >>> 16) + (b >>> 16));
  }

  /**
   * {@code sub.u16x2} / {@code sub.s16x2}: lane-wise wrapping differences.
   *
   * @param a minuend pair
   * @param b subtrahend pair
   * @return the packed differences
   */
  public static int sub16x2(int a, int b) {
    return Half.pack(a - b, (a >>> 16) - (b >>> 16));
  }

  /**
   * {@code min{.relu}.s16x2} / {@code min.u16x2}.
   *
   * @param a first operand pair
   * @param b second operand pair
   * @param signed {@code .s16x2} rather than {@code .u16x2}
   * @param relu clamp negative lanes to 0 (signed only)
   * @return the packed minima
   */
  public static int min16x2(int a, int b, boolean signed, boolean relu) {
    NumType t = signed ? NumType.S16 : NumType.U16;
    return Half.pack((int) min(t, a, b, relu), (int) min(t, a >>> 16, b >>> 16, relu));
  }

  /**
   * {@code max{.relu}.s16x2} / {@code max.u16x2}.
   *
   * @param a first operand pair
   * @param b second operand pair
   * @param signed {@code .s16x2} rather than {@code .u16x2}
   * @param relu clamp negative lanes to 0 (signed only)
   * @return the packed maxima
   */
  public static int max16x2(int a, int b, boolean signed, boolean relu) {
    NumType t = signed ? NumType.S16 : NumType.U16;
    return Half.pack((int) max(t, a, b, relu), (int) max(t, a >>> 16, b >>> 16, relu));
  }

  /**
   * {@code dp4a.atype.btype d, a, b, c}: {@code c} plus the four products of corresponding bytes.
   *
   * @param a four bytes, sign-extended when {@code aSigned}
   * @param b four bytes, sign-extended when {@code bSigned}
   * @param c the 32-bit accumulator
   * @param aSigned {@code .s32} atype
   * @param bSigned {@code .s32} btype
   * @return the sum modulo 2^32
   */
  public static int dp4a(int a, int b, int c, boolean aSigned, boolean bSigned) {
    int sum = c;
    for (int i = 0; i < 32; i += 8) {
      sum += lane(a, i, 8, aSigned) * lane(b, i, 8, bSigned);
    }
    return sum;
  }

  /**
   * {@code dp2a.mode.atype.btype d, a, b, c}: {@code c} plus the products of {@code a}'s two 16-bit
   * halves with two bytes of {@code b}: bytes 0 and 1 for {@code .lo}, 2 and 3 for {@code .hi}.
   *
   * @param a two 16-bit halves
   * @param b four bytes
   * @param c the 32-bit accumulator
   * @param aSigned {@code .s32} atype
   * @param bSigned {@code .s32} btype
   * @param hi the {@code .hi} mode
   * @return the sum modulo 2^32
   */
  public static int dp2a(int a, int b, int c, boolean aSigned, boolean bSigned, boolean hi) {
    int base = hi ? 16 : 0;
    return c
        + lane(a, 0, 16, aSigned) * lane(b, base, 8, bSigned)
        + lane(a, 16, 16, aSigned) * lane(b, base + 8, 8, bSigned);
  }

  private static int lane(int v, int shift, int width, boolean signed) {
    int x = v << (32 - shift - width);
    return signed ? x >> (32 - width) : x >>> (32 - width);
  }

  private static long low24(int v, boolean signed) {
    return signed ? (long) (v << 8 >> 8) : v & 0xffffffL;
  }
}
