package dev.jptx.runtime.sim.alu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Integer arithmetic against BigInteger and hand-computed values. */
class IntOpsTest {
  private static final NumType[] MUL_TYPES = {
    NumType.U16, NumType.S16, NumType.U32, NumType.S32, NumType.U64, NumType.S64
  };

  @Test
  void mulLoHiWideAndDivRem_matchBigInteger() {
    String failures =
        Gen.run(
            50_000,
            i -> {
              SplittableRandom r = Gen.rng(41, i);
              NumType t = MUL_TYPES[i % MUL_TYPES.length];
              long a = r.nextLong() >> r.nextInt(64);
              long b = r.nextInt(8) == 0 ? r.nextInt(-2, 2) : r.nextLong() >> r.nextInt(64);
              BigInteger x = big(t, a);
              BigInteger y = big(t, b);
              BigInteger p = x.multiply(y);
              String s = expect("mul.lo." + t, a, b, wrap(t.bits(), t, p), IntOps.mulLo(t, a, b));
              BigInteger hi = p.shiftRight(t.bits());
              s =
                  s != null
                      ? s
                      : expect("mul.hi." + t, a, b, wrap(t.bits(), t, hi), IntOps.mulHi(t, a, b));
              if (t.bits() < 64) {
                s =
                    s != null
                        ? s
                        : expect(
                            "mul.wide." + t,
                            a,
                            b,
                            wrap(2 * t.bits(), t, p),
                            IntOps.mulWide(t, a, b));
              }
              long wantDiv = y.signum() == 0 ? t.normalize(-1) : wrap(t.bits(), t, divTrunc(x, y));
              long wantRem =
                  y.signum() == 0
                      ? t.normalize(-1)
                      : wrap(t.bits(), t, x.subtract(divTrunc(x, y).multiply(y)));
              s = s != null ? s : expect("div." + t, a, b, wantDiv, IntOps.div(t, a, b));
              s = s != null ? s : expect("rem." + t, a, b, wantRem, IntOps.rem(t, a, b));
              return s != null ? s : fixedWidths(a, b);
            });
    assertEquals("", failures);
  }

  private static String fixedWidths(long a, long b) {
    int ia = (int) a;
    int ib = (int) b;
    String s = expect("mulHiU64", a, b, IntOps.mulHi(NumType.U64, a, b), IntOps.mulHiU64(a, b));
    s = s != null ? s : expect("mulHiS64", a, b, Math.multiplyHigh(a, b), IntOps.mulHiS64(a, b));
    s =
        s != null
            ? s
            : expect("mulHiS32", a, b, IntOps.mulHi(NumType.S32, a, b), IntOps.mulHiS32(ia, ib));
    s =
        s != null
            ? s
            : expect(
                "mulHiU32", a, b, (int) IntOps.mulHi(NumType.U32, a, b), IntOps.mulHiU32(ia, ib));
    s =
        s != null
            ? s
            : expect(
                "mulWideS32", a, b, IntOps.mulWide(NumType.S32, a, b), IntOps.mulWideS32(ia, ib));
    s =
        s != null
            ? s
            : expect(
                "mulWideU32", a, b, IntOps.mulWide(NumType.U32, a, b), IntOps.mulWideU32(ia, ib));
    s =
        s != null
            ? s
            : expect("divS32", a, b, IntOps.div(NumType.S32, a, b), IntOps.divS32(ia, ib));
    s =
        s != null
            ? s
            : expect("divU32", a, b, (int) IntOps.div(NumType.U32, a, b), IntOps.divU32(ia, ib));
    s =
        s != null
            ? s
            : expect("remS32", a, b, IntOps.rem(NumType.S32, a, b), IntOps.remS32(ia, ib));
    s =
        s != null
            ? s
            : expect("remU32", a, b, (int) IntOps.rem(NumType.U32, a, b), IntOps.remU32(ia, ib));
    s = s != null ? s : expect("divS64", a, b, IntOps.div(NumType.S64, a, b), IntOps.divS64(a, b));
    s = s != null ? s : expect("divU64", a, b, IntOps.div(NumType.U64, a, b), IntOps.divU64(a, b));
    s = s != null ? s : expect("remS64", a, b, IntOps.rem(NumType.S64, a, b), IntOps.remS64(a, b));
    return s != null
        ? s
        : expect("remU64", a, b, IntOps.rem(NumType.U64, a, b), IntOps.remU64(a, b));
  }

  @Test
  void divRem_byZeroGiveAllOnesAndMinByMinusOneWraps() {
    assertEquals(-1, IntOps.divS32(7, 0));
    assertEquals(-1, IntOps.divS32(-7, 0));
    assertEquals(0xffffffff, IntOps.divU32(7, 0));
    assertEquals(-1, IntOps.remS32(-7, 0));
    assertEquals(0xffffL, IntOps.div(NumType.U16, 5, 0));
    assertEquals(-1L, IntOps.rem(NumType.S16, 5, 0));
    assertEquals(-1L, IntOps.divU64(5, 0));
    assertEquals(Integer.MIN_VALUE, IntOps.divS32(Integer.MIN_VALUE, -1));
    assertEquals(0, IntOps.remS32(Integer.MIN_VALUE, -1));
    assertEquals(-1, IntOps.remS32(-7, 2));
    assertEquals(1, IntOps.remS32(7, -2));
    assertEquals(Short.MIN_VALUE, IntOps.div(NumType.S16, Short.MIN_VALUE, -1));
  }

  @Test
  void mul24AndMad24_useTheLow24BitsOfEachOperand() {
    String failures =
        Gen.run(
            20_000,
            i -> {
              SplittableRandom r = Gen.rng(42, i);
              int a = r.nextInt();
              int b = r.nextInt();
              int c = r.nextInt();
              boolean signed = r.nextBoolean();
              BigInteger x = BigInteger.valueOf(signed ? a << 8 >> 8 : a & 0xffffff);
              BigInteger y = BigInteger.valueOf(signed ? b << 8 >> 8 : b & 0xffffff);
              BigInteger p = x.multiply(y);
              String s = expect("mul24.lo", a, b, p.intValue(), IntOps.mul24Lo(a, b, signed));
              s =
                  s != null
                      ? s
                      : expect(
                          "mul24.hi",
                          a,
                          b,
                          p.shiftRight(16).intValue(),
                          IntOps.mul24Hi(a, b, signed));
              s =
                  s != null
                      ? s
                      : expect("mad24.lo", a, b, p.intValue() + c, IntOps.mad24Lo(a, b, c, signed));
              long sum = p.shiftRight(16).intValue() + (long) c;
              int sat = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, sum));
              return s != null
                  ? s
                  : expect(
                      "mad24.hi.sat",
                      a,
                      b,
                      signed ? sat : (int) sum,
                      IntOps.mad24Hi(a, b, c, signed, true));
            });
    assertEquals("", failures);
  }

  @Test
  void madVariants_andSaturatingOps() {
    assertEquals(7L, IntOps.madLo(NumType.S32, 2, 3, 1));
    assertEquals(0xffffffffL, IntOps.madLo(NumType.U32, 0xffffffffL, 1, 0));
    assertEquals(1L, IntOps.madHi(NumType.U32, 0x80000000L, 4, -1));
    assertEquals(0x1_0000_0000L, IntOps.madWide(NumType.U32, 0xffffffffL, 1, 1));
    assertEquals(-1L, IntOps.madWide(NumType.S32, -1, 1, 0));
    assertEquals(0x10000L, IntOps.madWide(NumType.U16, 0xffff, 1, 1));
    assertEquals(
        Integer.MAX_VALUE,
        IntOps.madHiSatS32(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE));
    assertEquals(
        Integer.MIN_VALUE,
        IntOps.madHiSatS32(Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE));
    assertEquals(Integer.MAX_VALUE, IntOps.addSatS32(Integer.MAX_VALUE, 1));
    assertEquals(Integer.MIN_VALUE, IntOps.addSatS32(Integer.MIN_VALUE, -1));
    assertEquals(Integer.MIN_VALUE, IntOps.subSatS32(-2, Integer.MAX_VALUE));
    assertEquals(Integer.MAX_VALUE, IntOps.subSatS32(0, Integer.MIN_VALUE));
    assertEquals(5, IntOps.subSatS32(7, 2));
    assertEquals(13L, IntOps.sad(NumType.S32, -3, 7, 3));
    assertEquals(0x80000001L, IntOps.sad(NumType.U32, 0xfffffffdL, 0x7fffffffL, 3));
    assertEquals(9L, IntOps.sad(NumType.U16, 0xffff, 0xfffb, 5));
  }

  @Test
  void absNegMinMax_signedUnsignedReluAndPacked() {
    assertEquals((long) Integer.MIN_VALUE, IntOps.abs(NumType.S32, Integer.MIN_VALUE));
    assertEquals(5L, IntOps.abs(NumType.S16, -5));
    assertEquals(0xfffffffbL, IntOps.neg(NumType.U32, 5));
    assertEquals(-1L, IntOps.min(NumType.S32, -1, 1, false));
    assertEquals(1L, IntOps.min(NumType.U32, -1, 1, false));
    assertEquals(0xffffffffL, IntOps.max(NumType.U32, -1, 1, false));
    assertEquals(0L, IntOps.max(NumType.S32, -1, -2, true));
    assertEquals(0L, IntOps.min(NumType.S32, -1, 2, true));
    assertEquals(Long.MIN_VALUE, IntOps.min(NumType.S64, Long.MIN_VALUE, 0, false));
    assertEquals(-1L, IntOps.max(NumType.U64, -1L, 0, false));
    int a = Half.pack(0xffff, 5); // {-1, 5} / {65535, 5}
    int b = Half.pack(2, 0xfffe); // {2, -2} / {2, 65534}
    assertEquals(Half.pack(0xffff, 0xfffe), IntOps.min16x2(a, b, true, false));
    assertEquals(Half.pack(0, 0), IntOps.min16x2(a, b, true, true));
    assertEquals(Half.pack(2, 5), IntOps.min16x2(a, b, false, false));
    assertEquals(Half.pack(2, 5), IntOps.max16x2(a, b, true, false));
    assertEquals(Half.pack(0xffff, 0xfffe), IntOps.max16x2(a, b, false, false));
    assertEquals(Half.pack(1, 3), IntOps.add16x2(a, b));
    assertEquals(Half.pack(0xfffd, 7), IntOps.sub16x2(a, b));
  }

  @Test
  void carryChains_addAndSubtractMultiWordNumbers() {
    String failures =
        Gen.run(
            20_000,
            i -> {
              SplittableRandom r = Gen.rng(43, i);
              int[] x = {r.nextInt(), r.nextInt(), r.nextInt(), r.nextInt()};
              int[] y = {r.nextInt(), r.nextInt(), r.nextInt(), r.nextInt()};
              if (r.nextBoolean()) {
                y = new int[] {~x[0] + r.nextInt(2), ~x[1], ~x[2], ~x[3]}; // long carry runs
              }
              int[] sum = new int[4];
              int[] diff = new int[4];
              int carry = 0;
              int borrow = 0;
              for (int w = 0; w < 4; w++) {
                long s = IntOps.addCarry32(x[w], y[w], carry);
                sum[w] = (int) s;
                carry = (int) (s >>> 32);
                long d = IntOps.subBorrow32(x[w], y[w], borrow);
                diff[w] = (int) d;
                borrow = (int) (d >>> 32);
              }
              BigInteger bx = words(x);
              BigInteger by = words(y);
              BigInteger mod = BigInteger.ONE.shiftLeft(128);
              BigInteger wantSum = bx.add(by);
              BigInteger wantDiff = bx.subtract(by);
              if (!words(sum).equals(wantSum.mod(mod))
                  || carry != (wantSum.bitLength() > 128 ? 1 : 0)) {
                return "add carry chain " + bx.toString(16) + " + " + by.toString(16);
              }
              if (!words(diff).equals(wantDiff.mod(mod))
                  || borrow != (wantDiff.signum() < 0 ? 1 : 0)) {
                return "sub borrow chain " + bx.toString(16) + " - " + by.toString(16);
              }
              long lo = (x[1] & 0xffffffffL) << 32 | (x[0] & 0xffffffffL);
              long hi = (x[3] & 0xffffffffL) << 32 | (x[2] & 0xffffffffL);
              long ylo = (y[1] & 0xffffffffL) << 32 | (y[0] & 0xffffffffL);
              long yhi = (y[3] & 0xffffffffL) << 32 | (y[2] & 0xffffffffL);
              int c64 = IntOps.carryOut64(lo, ylo, 0);
              long sLo = IntOps.addCarry64(lo, ylo, 0);
              long sHi = IntOps.addCarry64(hi, yhi, c64);
              int b64 = IntOps.borrowOut64(lo, ylo, 0);
              long dLo = IntOps.subBorrow64(lo, ylo, 0);
              long dHi = IntOps.subBorrow64(hi, yhi, b64);
              BigInteger s64 = BigInteger.valueOf(sHi).shiftLeft(64).add(unsigned(sLo)).mod(mod);
              BigInteger d64 = BigInteger.valueOf(dHi).shiftLeft(64).add(unsigned(dLo)).mod(mod);
              if (!s64.equals(wantSum.mod(mod)) || IntOps.carryOut64(hi, yhi, c64) != carry) {
                return "addc64 " + bx.toString(16) + " + " + by.toString(16);
              }
              if (!d64.equals(wantDiff.mod(mod)) || IntOps.borrowOut64(hi, yhi, b64) != borrow) {
                return "subc64 " + bx.toString(16) + " - " + by.toString(16);
              }
              return null;
            });
    assertEquals("", failures);
  }

  @Test
  void dp4aAndDp2a_matchByteWiseProducts() {
    String failures =
        Gen.run(
            20_000,
            i -> {
              SplittableRandom r = Gen.rng(44, i);
              int a = r.nextInt();
              int b = r.nextInt();
              int c = r.nextInt();
              boolean sa = r.nextBoolean();
              boolean sb = r.nextBoolean();
              int want = c;
              for (int k = 0; k < 4; k++) {
                int ba = sa ? (byte) (a >> 8 * k) : a >>> 8 * k & 0xff;
                int bb = sb ? (byte) (b >> 8 * k) : b >>> 8 * k & 0xff;
                want += ba * bb;
              }
              String s = expect("dp4a", a, b, want, IntOps.dp4a(a, b, c, sa, sb));
              boolean hi = r.nextBoolean();
              int h0 = sa ? (short) a : a & 0xffff;
              int h1 = sa ? (short) (a >> 16) : a >>> 16;
              int k = hi ? 2 : 0;
              int b0 = sb ? (byte) (b >> 8 * k) : b >>> 8 * k & 0xff;
              int b1 = sb ? (byte) (b >> 8 * (k + 1)) : b >>> 8 * (k + 1) & 0xff;
              return s != null
                  ? s
                  : expect("dp2a", a, b, c + h0 * b0 + h1 * b1, IntOps.dp2a(a, b, c, sa, sb, hi));
            });
    assertEquals("", failures);
  }

  private static BigInteger words(int[] w) {
    BigInteger v = BigInteger.ZERO;
    for (int k = w.length - 1; k >= 0; k--) {
      v = v.shiftLeft(32).or(BigInteger.valueOf(w[k] & 0xffffffffL));
    }
    return v;
  }

  private static BigInteger unsigned(long v) {
    return BigInteger.valueOf(v).and(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE));
  }

  /** The value of the low bits of {@code v} as type {@code t}. */
  private static BigInteger big(NumType t, long v) {
    BigInteger m =
        BigInteger.valueOf(v).and(BigInteger.ONE.shiftLeft(t.bits()).subtract(BigInteger.ONE));
    return t.isSigned() && m.testBit(t.bits() - 1)
        ? m.subtract(BigInteger.ONE.shiftLeft(t.bits()))
        : m;
  }

  /** {@code v} modulo {@code 2^bits}, extended by the signedness of {@code t}. */
  private static long wrap(int bits, NumType t, BigInteger v) {
    BigInteger m = v.mod(BigInteger.ONE.shiftLeft(bits));
    if (t.isSigned() && m.testBit(bits - 1)) {
      m = m.subtract(BigInteger.ONE.shiftLeft(bits));
    }
    return m.longValue();
  }

  private static BigInteger divTrunc(BigInteger x, BigInteger y) {
    return x.divide(y); // BigInteger division truncates toward zero
  }

  private static String expect(String what, long a, long b, long want, long got) {
    return want == got
        ? null
        : what
            + "("
            + Gen.hex(a)
            + ", "
            + Gen.hex(b)
            + ") = "
            + Gen.hex(got)
            + ", want "
            + Gen.hex(want);
  }
}
