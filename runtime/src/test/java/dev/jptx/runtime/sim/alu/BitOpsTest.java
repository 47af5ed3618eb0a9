package dev.jptx.runtime.sim.alu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Bit operations against the ISA's pseudo-code, transcribed literally, and hand tables. */
class BitOpsTest {
  private static final int A = 0x04030201; // source bytes 0..3 hold 1..4
  private static final int B = 0x08070605; // source bytes 4..7 hold 5..8

  @Test
  void prmt_everyModeAndSelectorMatchesTheIsaTables() {
    int[][] expected = {
      {0x04030201, 0x05040302, 0x06050403, 0x07060504}, // f4e
      {0x06070801, 0x07080102, 0x08010203, 0x01020304}, // b4e
      {0x01010101, 0x02020202, 0x03030303, 0x04040404}, // rc8
      {0x04030201, 0x04030202, 0x04030303, 0x04040404}, // ecl
      {0x01010101, 0x02020201, 0x03030201, 0x04030201}, // ecr
      {0x02010201, 0x04030403, 0x02010201, 0x04030403}, // rc16
    };
    PrmtMode[] modes = {
      PrmtMode.F4E, PrmtMode.B4E, PrmtMode.RC8, PrmtMode.ECL, PrmtMode.ECR, PrmtMode.RC16
    };
    for (int m = 0; m < modes.length; m++) {
      for (int sel = 0; sel < 4; sel++) {
        // only c[1:0] counts in the specialised modes
        int c = 0x7654_3210 & ~3 | sel;
        assertEquals(expected[m][sel], BitOps.prmt(A, B, c, modes[m]), modes[m] + " " + sel);
      }
    }
  }

  @Test
  void prmt_genericSelectsAndReplicatesSigns() {
    assertEquals(A, BitOps.prmt(A, B, 0x3210, PrmtMode.GENERIC));
    assertEquals(B, BitOps.prmt(A, B, 0x7654, PrmtMode.GENERIC));
    assertEquals(0x01020304, BitOps.prmt(A, B, 0x0123, PrmtMode.GENERIC));
    assertEquals(0x8000ffff, BitOps.prmt(0x000080ff, 0, 0x1a98, PrmtMode.GENERIC));
    assertEquals(0x05050505, BitOps.prmt(A, B, 0xffff4444, PrmtMode.GENERIC)); // c[31:16] ignored
  }

  @Test
  void lop3_everyTableMatchesBitwiseLookup() {
    SplittableRandom r = new SplittableRandom(51);
    for (int lut = 0; lut < 256; lut++) {
      for (int k = 0; k < 20; k++) {
        int a = r.nextInt();
        int b = r.nextInt();
        int c = r.nextInt();
        int want = 0;
        for (int i = 0; i < 32; i++) {
          int index = (a >>> i & 1) << 2 | (b >>> i & 1) << 1 | (c >>> i & 1);
          want |= (lut >>> index & 1) << i;
        }
        assertEquals(want, BitOps.lop3(a, b, c, lut), "lut " + lut);
      }
    }
    int a = 0xf0f0_1234;
    int b = 0xcccc_5678;
    int c = 0xaaaa_9abc;
    assertEquals(a & b & c, BitOps.lop3(a, b, c, 0xf0 & 0xcc & 0xaa));
    assertEquals(a | b | c, BitOps.lop3(a, b, c, 0xf0 | 0xcc | 0xaa));
    assertEquals(a ^ b ^ c, BitOps.lop3(a, b, c, 0x96));
    assertEquals((a & b) | (~a & c), BitOps.lop3(a, b, c, 0xca));
  }

  @Test
  void bfeAndBfi_matchTheIsaPseudoCode() {
    String failures =
        Gen.run(
            100_000,
            i -> {
              SplittableRandom r = Gen.rng(52, i);
              long a = r.nextLong();
              long base = r.nextLong();
              int pos = r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(70);
              int len = r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(70);
              boolean signed = r.nextBoolean();
              long want32 = bfeRef(a & 0xffffffffL, pos, len, signed, 31);
              if (BitOps.bfe((int) a, pos, len, signed) != (int) want32) {
                return "bfe32 " + Gen.hex(a) + " " + pos + " " + len + " " + signed;
              }
              if (BitOps.bfe(a, pos, len, signed) != bfeRef(a, pos, len, signed, 63)) {
                return "bfe64 " + Gen.hex(a) + " " + pos + " " + len + " " + signed;
              }
              if (BitOps.bfi((int) a, (int) base, pos, len)
                  != (int) bfiRef(a, base, pos, len, 31)) {
                return "bfi32 " + Gen.hex(a) + " " + Gen.hex(base) + " " + pos + " " + len;
              }
              if (BitOps.bfi(a, base, pos, len) != bfiRef(a, base, pos, len, 63)) {
                return "bfi64 " + Gen.hex(a) + " " + Gen.hex(base) + " " + pos + " " + len;
              }
              return null;
            });
    assertEquals("", failures);
  }

  @Test
  void bfe_handPickedCases() {
    assertEquals(0x3, BitOps.bfe(0xf0, 4, 2, false));
    assertEquals(-1, BitOps.bfe(0xf0, 4, 2, true));
    assertEquals(0, BitOps.bfe(0xf0, 4, 0, true));
    assertEquals(-1, BitOps.bfe(0x80000000, 40, 3, true)); // past msb: the sign of a[31]
    assertEquals(0, BitOps.bfe(0x80000000, 40, 3, false));
    assertEquals(0xffff8000, BitOps.bfe(0x80000000, 16, 100, true));
    assertEquals(0x8000, BitOps.bfe(0x80000000, 16, 100, false));
    assertEquals(0x12345678, BitOps.bfe(0x12345678, 0x100, 0x120, false)); // pos, len & 0xff
    assertEquals(0xffffff0f, BitOps.bfi(0, 0xffffffff, 4, 4));
    assertEquals(0x5ffffffe, BitOps.bfi(0x5, 0xfffffffe, 28, 8));
  }

  @Test
  void bfindPopcClzBrev_matchReferences() {
    String failures =
        Gen.run(
            50_000,
            i -> {
              SplittableRandom r = Gen.rng(53, i);
              long a = r.nextLong() >> r.nextInt(64);
              int ia = (int) a;
              for (boolean signed : new boolean[] {false, true}) {
                for (boolean shift : new boolean[] {false, true}) {
                  if (BitOps.bfind(ia, signed, shift)
                      != (int) bfindRef(ia & 0xffffffffL, signed, shift, 31)) {
                    return "bfind32 " + Gen.hex(ia) + " " + signed + " " + shift;
                  }
                  if (BitOps.bfind(a, signed, shift) != (int) bfindRef(a, signed, shift, 63)) {
                    return "bfind64 " + Gen.hex(a) + " " + signed + " " + shift;
                  }
                }
              }
              boolean ok =
                  BitOps.popc(ia) == Integer.bitCount(ia)
                      && BitOps.popc(a) == Long.bitCount(a)
                      && BitOps.clz(ia) == Integer.numberOfLeadingZeros(ia)
                      && BitOps.clz(a) == Long.numberOfLeadingZeros(a)
                      && BitOps.brev(ia) == Integer.reverse(ia)
                      && BitOps.brev(a) == Long.reverse(a);
              return ok ? null : "popc/clz/brev " + Gen.hex(a);
            });
    assertEquals("", failures);
    assertEquals(-1, BitOps.bfind(0, false, false));
    assertEquals(-1, BitOps.bfind(-1, true, true));
    assertEquals(31, BitOps.bfind(0x80000000, false, false));
    assertEquals(30, BitOps.bfind(0x80000000, true, false)); // ~a = 0x7fffffff
    assertEquals(3, BitOps.bfind(0x10000000, false, true));
    assertEquals(32, BitOps.clz(0));
  }

  @Test
  void funnelAndPlainShifts_clampOrWrapAmounts() {
    String failures =
        Gen.run(
            50_000,
            i -> {
              SplittableRandom r = Gen.rng(54, i);
              int a = r.nextInt();
              int b = r.nextInt();
              int c = r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(70);
              BigInteger v =
                  BigInteger.valueOf(b & 0xffffffffL)
                      .shiftLeft(32)
                      .or(BigInteger.valueOf(a & 0xffffffffL));
              for (boolean clamp : new boolean[] {false, true}) {
                int n = clamp ? (int) Math.min(c & 0xffffffffL, 32) : c & 31;
                int wantL = v.shiftLeft(n).shiftRight(32).intValue();
                int wantR = v.shiftRight(n).intValue();
                if (BitOps.shfL(a, b, c, clamp) != wantL || BitOps.shfR(a, b, c, clamp) != wantR) {
                  return "shf " + Gen.hex(a) + " " + Gen.hex(b) + " " + c + " " + clamp;
                }
              }
              long big = c & 0xffffffffL;
              int wantShl = big >= 32 ? 0 : a << c;
              int wantShrU = big >= 32 ? 0 : a >>> c;
              int wantShrS = big >= 32 ? a >> 31 : a >> c;
              long w = (long) b << 32 | (a & 0xffffffffL);
              long wantShl64 = big >= 64 ? 0 : w << c;
              long wantShr64 = big >= 64 ? 0 : w >>> c;
              long wantSar64 = big >= 64 ? w >> 63 : w >> c;
              boolean ok =
                  BitOps.shl32(a, c) == wantShl
                      && BitOps.shrU32(a, c) == wantShrU
                      && BitOps.shrS32(a, c) == wantShrS
                      && BitOps.shl64(w, c) == wantShl64
                      && BitOps.shrU64(w, c) == wantShr64
                      && BitOps.shrS64(w, c) == wantSar64
                      && BitOps.shl(NumType.U32, a, c) == (wantShl & 0xffffffffL)
                      && BitOps.shr(NumType.S32, a, c) == wantShrS
                      && BitOps.shr(NumType.U32, a, c) == (wantShrU & 0xffffffffL)
                      && BitOps.shr(NumType.S64, w, c) == wantSar64;
              return ok ? null : "shl/shr " + Gen.hex(w) + " " + c;
            });
    assertEquals("", failures);
    assertEquals(0xffffL, BitOps.shr(NumType.S16, 0x8000, 20) & 0xffff);
    assertEquals(0L, BitOps.shr(NumType.U16, 0x8000, 16));
    assertEquals(0x8000L, BitOps.shl(NumType.U16, 1, 15));
    assertEquals(0L, BitOps.shl(NumType.U16, 1, 16));
  }

  @Test
  void bmskSzextCnot() {
    assertEquals(0x00000ff0, BitOps.bmsk(4, 8, false));
    assertEquals(0xfffffff0, BitOps.bmsk(4, 40, false));
    assertEquals(0x000000f0, BitOps.bmsk(4, 36, true)); // 36 & 31 = 4
    assertEquals(0, BitOps.bmsk(32, 8, false));
    assertEquals(0xff, BitOps.bmsk(32, 8, true));
    assertEquals(-1, BitOps.szext(0xff, 8, true, false));
    assertEquals(0xff, BitOps.szext(0xff, 8, false, false));
    assertEquals(0, BitOps.szext(0xff, 0, true, false));
    assertEquals(-1, BitOps.szext(0xff, 39, true, true)); // 39 & 31 = 7: 0x7f sign-extended
    assertEquals(0x7f, BitOps.szext(0xff, 39, false, true));
    assertEquals(0x3f, BitOps.szext(0xbf, 7, true, false));
    assertEquals(0xff, BitOps.szext(0xff, 64, true, false));
    assertEquals(1L, BitOps.cnot(0));
    assertEquals(0L, BitOps.cnot(42));
  }

  /** The ISA's bfe pseudo-code, bit by bit. */
  private static long bfeRef(long a, int b, int c, boolean signed, int msb) {
    int pos = b & 0xff;
    int len = c & 0xff;
    long sbit = !signed || len == 0 ? 0 : a >>> Math.min(pos + len - 1, msb) & 1;
    long d = 0;
    for (int i = 0; i <= msb; i++) {
      long bit = i < len && pos + i <= msb ? a >>> (pos + i) & 1 : sbit;
      d |= bit << i;
    }
    return msb == 31 ? (int) d : d;
  }

  /** The ISA's bfi pseudo-code, bit by bit. */
  private static long bfiRef(long a, long b, int c, int d, int msb) {
    int pos = c & 0xff;
    int len = d & 0xff;
    long f = b;
    for (int i = 0; i < len && pos + i <= msb; i++) {
      f = f & ~(1L << (pos + i)) | (a >>> i & 1) << (pos + i);
    }
    return f;
  }

  /** The ISA's bfind pseudo-code. */
  private static long bfindRef(long a, boolean signed, boolean shiftAmt, int msb) {
    if (signed && (a >>> msb & 1) != 0) {
      a = ~a;
    }
    long d = 0xffffffffL;
    for (int i = msb; i >= 0; i--) {
      if ((a >>> i & 1) != 0) {
        d = i;
        break;
      }
    }
    if (shiftAmt && d != 0xffffffffL) {
      d = msb - d;
    }
    return d;
  }
}
