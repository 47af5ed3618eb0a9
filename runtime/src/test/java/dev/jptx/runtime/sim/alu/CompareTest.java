package dev.jptx.runtime.sim.alu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** setp/set/slct comparisons for every type. */
class CompareTest {
  @Test
  void integer_signedUnsignedAndExplicitlyUnsignedOperators() {
    // -1 vs 1: signed less, unsigned higher
    assertTrue(Compare.integer(CmpOp.LT, NumType.S32, -1, 1));
    assertFalse(Compare.integer(CmpOp.LT, NumType.U32, -1, 1));
    assertTrue(Compare.integer(CmpOp.HI, NumType.S32, -1, 1));
    assertTrue(Compare.integer(CmpOp.HS, NumType.U32, 0xffffffffL, 0xffffffffL));
    assertTrue(Compare.integer(CmpOp.LO, NumType.U64, 1, -1L));
    assertFalse(Compare.integer(CmpOp.GT, NumType.U64, 1, -1L));
    assertTrue(Compare.integer(CmpOp.GT, NumType.S64, 1, -1L));
    // only the low bits of the type count
    assertTrue(Compare.integer(CmpOp.EQ, NumType.U16, 0x1_0005, 0x5));
    assertTrue(Compare.integer(CmpOp.LT, NumType.S16, 0x8000, 0));
    assertTrue(Compare.integer(CmpOp.LS, NumType.U8, 0x7f, 0x80));
    assertTrue(Compare.integer(CmpOp.NE, NumType.S8, 0x7f, 0x80));
    assertTrue(Compare.integer(CmpOp.GE, NumType.S32, 5, 5));
    assertTrue(Compare.integer(CmpOp.LE, NumType.U32, 4, 5));
  }

  @Test
  void integer_randomMatchesJavaComparisons() {
    SplittableRandom r = new SplittableRandom(61);
    for (int i = 0; i < 20_000; i++) {
      long a = r.nextLong() >> r.nextInt(64);
      long b = r.nextInt(4) == 0 ? a : r.nextLong() >> r.nextInt(64);
      int s = Long.compare((int) a, (int) b);
      int u = Integer.compareUnsigned((int) a, (int) b);
      assertEquals(s < 0, Compare.integer(CmpOp.LT, NumType.S32, a, b));
      assertEquals(s >= 0, Compare.integer(CmpOp.GE, NumType.S32, a, b));
      assertEquals(u < 0, Compare.integer(CmpOp.LT, NumType.U32, a, b));
      assertEquals(u > 0, Compare.integer(CmpOp.HI, NumType.S32, a, b));
      assertEquals(Long.compareUnsigned(a, b) <= 0, Compare.integer(CmpOp.LS, NumType.S64, a, b));
      assertEquals(a == b, Compare.compare(CmpOp.EQ, NumType.U64, a, b, false));
    }
  }

  @Test
  void floats_orderedUnorderedAndNanOperators() {
    double nan = Double.NaN;
    CmpOp[] ops = CmpOp.values();
    // rows: (1,2), (2,1), (1,1), (-0,+0), (NaN,1)
    double[][] pairs = {{1, 2}, {2, 1}, {1, 1}, {-0.0, 0.0}, {nan, 1}};
    String[] expected = {
      // EQ NE LT LE GT GE LO LS HI HS EQU NEU LTU LEU GTU GEU NUM NAN
      "011100110001110010",
      "010011001101001110",
      "100101010110010110",
      "100101010110010110",
      "000000000011111101",
    };
    for (int p = 0; p < pairs.length; p++) {
      for (CmpOp op : ops) {
        boolean want = expected[p].charAt(op.ordinal()) == '1';
        double x = pairs[p][0];
        double y = pairs[p][1];
        String what = op + " " + x + " " + y;
        assertEquals(want, Compare.floats(op, x, y), what);
        int fx = Float.floatToRawIntBits((float) x);
        int fy = Float.floatToRawIntBits((float) y);
        assertEquals(want, Compare.f32(op, fx, fy, false), "f32 " + what);
        long dx = Double.doubleToRawLongBits(x);
        long dy = Double.doubleToRawLongBits(y);
        assertEquals(want, Compare.f64(op, dx, dy), "f64 " + what);
        assertEquals(want, Compare.compare(op, NumType.F64, dx, dy, false), "any " + what);
        assertEquals(want, Compare.bf16(op, fx >>> 16, fy >>> 16), "bf16 " + what);
        int hx = Convert.f32ToF16(fx, Rounding.RN);
        int hy = Convert.f32ToF16(fy, Rounding.RN);
        assertEquals(want, Compare.f16(op, hx, hy, false), "f16 " + what);
        assertEquals(want ? 3 : 0, Compare.f16x2(op, Half.pack(hx, hx), Half.pack(hy, hy), false));
        assertEquals(
            want ? 3 : 0,
            Compare.bf16x2(op, Half.pack(fx >>> 16, fx >>> 16), Half.pack(fy >>> 16, fy >>> 16)));
      }
    }
  }

  @Test
  void ftz_makesSubnormalsEqualToZero() {
    assertFalse(Compare.f32(CmpOp.EQ, 1, 0, false));
    assertTrue(Compare.f32(CmpOp.EQ, 1, 0, true));
    assertTrue(Compare.f32(CmpOp.EQ, 0x80000001, 0, true));
    assertTrue(Compare.f16(CmpOp.EQ, 0x0001, 0x8000, true));
    assertFalse(Compare.compare(CmpOp.GT, NumType.F16, 0x0001, 0, true));
    assertTrue(Compare.compare(CmpOp.GT, NumType.F32, 1, 0, false));
  }

  @Test
  void setAndSlct_values() {
    assertEquals(0xffffffffL, Compare.setValue(NumType.U32, true));
    assertEquals(-1L, Compare.setValue(NumType.S32, true));
    assertEquals(0x3f800000L, Compare.setValue(NumType.F32, true));
    assertEquals(0L, Compare.setValue(NumType.F32, false));
    assertEquals(Half.pack(0xffff, 0), Compare.setValueX2(1, NumType.U32));
    assertEquals(Half.pack(0, 0x3c00), Compare.setValueX2(2, NumType.F16));
    assertEquals(Half.pack(0x3f80, 0x3f80), Compare.setValueX2(3, NumType.BF16));
    assertTrue(Compare.slctS32(0));
    assertFalse(Compare.slctS32(-1));
    assertTrue(Compare.slctF32(0x80000000, false)); // -0 >= 0
    assertFalse(Compare.slctF32(0x80000001, false));
    assertTrue(Compare.slctF32(0x80000001, true));
    assertFalse(Compare.slctF32(0x7fc00000, false)); // NaN selects b
  }
}
