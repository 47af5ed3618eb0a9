package dev.jptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The exact semantics of each atomic, on one thread (atomics work outside a launch). */
class AtomicsSemanticsTest {
  @Test
  void atomicInc_wrapsAtLimitComparingUnsigned() {
    int[] a = {5, 9, -1, 3};
    assertEquals(5, Gpu.atomicInc(a, 0, 9));
    assertEquals(6, a[0]);
    assertEquals(9, Gpu.atomicInc(a, 1, 9));
    assertEquals(0, a[1], "old >= limit gives 0");
    assertEquals(-1, Gpu.atomicInc(a, 2, 9));
    assertEquals(0, a[2], "0xffffffff is above 9 unsigned");
    assertEquals(3, Gpu.atomicInc(a, 3, -1));
    assertEquals(4, a[3], "limit 0xffffffff: a plain increment");
  }

  @Test
  void atomicDec_wrapsToLimit() {
    int[] a = {5, 0, 20, -1};
    assertEquals(5, Gpu.atomicDec(a, 0, 9));
    assertEquals(4, a[0]);
    assertEquals(0, Gpu.atomicDec(a, 1, 9));
    assertEquals(9, a[1], "0 wraps to limit");
    assertEquals(20, Gpu.atomicDec(a, 2, 9));
    assertEquals(9, a[2], "above limit gives limit");
    assertEquals(-1, Gpu.atomicDec(a, 3, 9));
    assertEquals(9, a[3], "0xffffffff is above 9 unsigned");
  }

  @Test
  void floatingMinMax_followMathMinMax() {
    float[] f = {0.0f, -0.0f, Float.NaN, 1f};
    assertEquals(0.0f, Gpu.atomicMin(f, 0, -0.0f));
    assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(f[0]));
    assertEquals(-0.0f, Gpu.atomicMax(f, 1, 0.0f));
    assertEquals(Float.floatToRawIntBits(0.0f), Float.floatToRawIntBits(f[1]));
    Gpu.atomicMin(f, 2, 1f);
    assertEquals(Float.NaN, f[2], "NaN stays");
    Gpu.atomicMax(f, 3, Float.NaN);
    assertEquals(Float.NaN, f[3], "NaN wins");
    double[] d = {2.0, 2.0};
    assertEquals(2.0, Gpu.atomicMin(d, 0, -3.0));
    assertEquals(2.0, Gpu.atomicMax(d, 1, 7.0));
    assertArrayEquals(new double[] {-3.0, 7.0}, d);
  }

  @Test
  void unsignedMinMax() {
    int[] a = {5, 5};
    Gpu.atomicMinUnsigned(a, 0, -1);
    Gpu.atomicMaxUnsigned(a, 1, -1);
    assertArrayEquals(new int[] {5, -1}, a);
    long[] l = {5, 5};
    Gpu.atomicMinUnsigned(l, 0, Long.MIN_VALUE);
    Gpu.atomicMaxUnsigned(l, 1, Long.MIN_VALUE);
    assertArrayEquals(new long[] {5, Long.MIN_VALUE}, l);
  }

  @Test
  void atomicCas_comparesBitPatterns() {
    float[] f = {Float.NaN, -0.0f};
    assertEquals(Float.NaN, Gpu.atomicCas(f, 0, Float.NaN, 1f));
    assertEquals(1f, f[0], "NaN equals its own pattern");
    Gpu.atomicCas(f, 1, 0.0f, 2f);
    assertEquals(-0.0f, f[1], "+0.0 is not the pattern of -0.0");
    double[] d = {-0.0};
    Gpu.atomicCas(d, 0, -0.0, 5.0);
    assertEquals(5.0, d[0]);
    int[] i = {1};
    assertEquals(1, Gpu.atomicCas(i, 0, 2, 3));
    assertEquals(1, i[0]);
    long[] l = {1};
    assertEquals(1, Gpu.atomicCas(l, 0, 1, 3));
    assertEquals(3, l[0]);
  }

  @Test
  void arithmeticAndBitwise_returnOldValues() {
    int[] i = {Integer.MAX_VALUE, 6, 6, 6};
    assertEquals(Integer.MAX_VALUE, Gpu.atomicAdd(i, 0, 1));
    assertEquals(Integer.MIN_VALUE, i[0], "wraps");
    assertEquals(6, Gpu.atomicAnd(i, 1, 3));
    assertEquals(6, Gpu.atomicOr(i, 2, 1));
    assertEquals(6, Gpu.atomicXor(i, 3, 5));
    assertArrayEquals(new int[] {Integer.MIN_VALUE, 2, 7, 3}, i);
    float[] f = {1f};
    assertEquals(1f, Gpu.atomicSub(f, 0, 0.25f));
    assertEquals(0.75f, Gpu.atomicExch(f, 0, 9f));
    assertEquals(9f, f[0]);
  }
}
