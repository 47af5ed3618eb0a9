package dev.jptx.runtime.jvm;

import static dev.jptx.Gpu.atomicAdd;
import static dev.jptx.Gpu.atomicAnd;
import static dev.jptx.Gpu.atomicCas;
import static dev.jptx.Gpu.atomicDec;
import static dev.jptx.Gpu.atomicExch;
import static dev.jptx.Gpu.atomicInc;
import static dev.jptx.Gpu.atomicMax;
import static dev.jptx.Gpu.atomicMaxUnsigned;
import static dev.jptx.Gpu.atomicMin;
import static dev.jptx.Gpu.atomicMinUnsigned;
import static dev.jptx.Gpu.atomicOr;
import static dev.jptx.Gpu.atomicSub;
import static dev.jptx.Gpu.atomicXor;
import static dev.jptx.Gpu.globalIdX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jptx.Kernel;
import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Every atomic hammered by many threads at once; the totals must be exact. */
public class AtomicsTest {
  private static final int THREADS = 64 * 256;
  private static final int REPEAT = 4;
  private static final Device GPU = Device.jvm();

  @AfterAll
  static void close() {
    GPU.close();
  }

  static int value(int t) {
    return t * 0x9e3779b9 ^ (t >>> 3);
  }

  /** Adds and subtracts on all four types. */
  @Kernel
  public static void addSub(int[] ints, long[] longs, float[] floats, double[] doubles) {
    int t = globalIdX();
    for (int r = 0; r < REPEAT; r++) {
      atomicAdd(ints, 0, 1);
      atomicAdd(ints, 1, t);
      atomicSub(ints, 2, t);
      atomicAdd(longs, 0, (long) t << 20);
      atomicSub(longs, 1, 3L);
      atomicAdd(floats, 0, 1.0f);
      atomicSub(floats, 1, 2.0f);
      atomicAdd(doubles, 0, 0.5);
      atomicSub(doubles, 1, 0.25);
    }
  }

  /** Exchanges: every old value is returned exactly once. */
  @Kernel
  public static void exchange(
      int[] ints,
      long[] longs,
      float[] floats,
      double[] doubles,
      int[] oldInts,
      long[] oldLongs,
      float[] oldFloats,
      double[] oldDoubles) {
    int t = globalIdX();
    oldInts[t] = atomicExch(ints, 0, t + 1);
    oldLongs[t] = atomicExch(longs, 0, t + 1L);
    oldFloats[t] = atomicExch(floats, 0, t + 1f);
    oldDoubles[t] = atomicExch(doubles, 0, t + 1.0);
  }

  /** Signed, unsigned and floating-point minimum and maximum. */
  @Kernel
  public static void minMax(int[] ints, long[] longs, float[] floats, double[] doubles) {
    int t = globalIdX();
    int v = value(t);
    atomicMin(ints, 0, v);
    atomicMax(ints, 1, v);
    atomicMinUnsigned(ints, 2, v);
    atomicMaxUnsigned(ints, 3, v);
    long w = (long) v * 0x1_0000_0001L;
    atomicMin(longs, 0, w);
    atomicMax(longs, 1, w);
    atomicMinUnsigned(longs, 2, w);
    atomicMaxUnsigned(longs, 3, w);
    atomicMin(floats, 0, v * 0.25f);
    atomicMax(floats, 1, v * 0.25f);
    atomicMin(doubles, 0, v * 0.125);
    atomicMax(doubles, 1, v * 0.125);
  }

  /** Bitwise and, or and xor. */
  @Kernel
  public static void bitwise(int[] ints, long[] longs) {
    int t = globalIdX();
    atomicOr(ints, 0, 1 << (t % 32));
    atomicAnd(ints, 1, ~(1 << (t % 31)));
    atomicXor(ints, 2, value(t));
    atomicOr(longs, 0, 1L << (t % 64));
    atomicAnd(longs, 1, ~(1L << (t % 63)));
    atomicXor(longs, 2, (long) value(t) << 7);
  }

  /** Compare-and-swap increments, on all four types. */
  @Kernel
  public static void casIncrement(int[] ints, long[] longs, float[] floats, double[] doubles) {
    int old;
    do {
      old = ints[0];
    } while (atomicCas(ints, 0, old, old + 1) != old);
    long oldLong;
    do {
      oldLong = longs[0];
    } while (atomicCas(longs, 0, oldLong, oldLong + 2) != oldLong);
    float oldFloat;
    do {
      oldFloat = floats[0];
    } while (Float.floatToRawIntBits(atomicCas(floats, 0, oldFloat, oldFloat + 1))
        != Float.floatToRawIntBits(oldFloat));
    double oldDouble;
    do {
      oldDouble = doubles[0];
    } while (Double.doubleToRawLongBits(atomicCas(doubles, 0, oldDouble, oldDouble + 1))
        != Double.doubleToRawLongBits(oldDouble));
  }

  /** CUDA's wrapping increment and decrement. */
  @Kernel
  public static void incDec(int limit, int[] counters, int[] oldInc) {
    int t = globalIdX();
    oldInc[t] = atomicInc(counters, 0, limit);
    atomicDec(counters, 1, limit);
  }

  private static Launch launch() {
    return Launch.grid1d(THREADS, 256);
  }

  @Test
  void atomicAddSub_exactTotals() {
    int[] ints = new int[3];
    long[] longs = new long[2];
    float[] floats = new float[2];
    double[] doubles = new double[2];
    GPU.launch(launch(), AtomicsTest::addSub, ints, longs, floats, doubles);
    long sum = 0;
    for (int t = 0; t < THREADS; t++) {
      sum += t;
    }
    assertArrayEquals(new int[] {THREADS * REPEAT, (int) sum * REPEAT, -(int) sum * REPEAT}, ints);
    assertArrayEquals(new long[] {(sum << 20) * REPEAT, -3L * THREADS * REPEAT}, longs);
    assertArrayEquals(new float[] {THREADS * REPEAT, -2f * THREADS * REPEAT}, floats);
    assertArrayEquals(new double[] {0.5 * THREADS * REPEAT, -0.25 * THREADS * REPEAT}, doubles);
  }

  @Test
  void atomicExch_everyOldValueOnce() {
    int[] oldInts = new int[THREADS];
    long[] oldLongs = new long[THREADS];
    float[] oldFloats = new float[THREADS];
    double[] oldDoubles = new double[THREADS];
    int[] ints = new int[1];
    long[] longs = new long[1];
    float[] floats = new float[1];
    double[] doubles = new double[1];
    GPU.launch(
        launch(),
        AtomicsTest::exchange,
        ints,
        longs,
        floats,
        doubles,
        oldInts,
        oldLongs,
        oldFloats,
        oldDoubles);
    int[] seen = Arrays.copyOf(oldInts, THREADS + 1);
    seen[THREADS] = ints[0];
    Arrays.sort(seen);
    for (int i = 0; i <= THREADS; i++) {
      assertEquals(i, seen[i]);
    }
    long[] seenLongs = Arrays.copyOf(oldLongs, THREADS + 1);
    seenLongs[THREADS] = longs[0];
    Arrays.sort(seenLongs);
    float[] seenFloats = Arrays.copyOf(oldFloats, THREADS + 1);
    seenFloats[THREADS] = floats[0];
    Arrays.sort(seenFloats);
    double[] seenDoubles = Arrays.copyOf(oldDoubles, THREADS + 1);
    seenDoubles[THREADS] = doubles[0];
    Arrays.sort(seenDoubles);
    for (int i = 0; i <= THREADS; i++) {
      assertEquals(i, seenLongs[i]);
      assertEquals(i, seenFloats[i]);
      assertEquals(i, seenDoubles[i]);
    }
  }

  @Test
  void atomicMinMax_signedUnsignedFloating() {
    int[] ints = {Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0};
    long[] longs = {Long.MAX_VALUE, Long.MIN_VALUE, -1L, 0L};
    float[] floats = {Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
    double[] doubles = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    GPU.launch(launch(), AtomicsTest::minMax, ints, longs, floats, doubles);
    int[] expected = {Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0};
    long[] expectedLongs = {Long.MAX_VALUE, Long.MIN_VALUE, -1L, 0L};
    float[] expectedFloats = {Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
    double[] expectedDoubles = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    for (int t = 0; t < THREADS; t++) {
      int v = value(t);
      expected[0] = Math.min(expected[0], v);
      expected[1] = Math.max(expected[1], v);
      expected[2] = Integer.compareUnsigned(expected[2], v) <= 0 ? expected[2] : v;
      expected[3] = Integer.compareUnsigned(expected[3], v) >= 0 ? expected[3] : v;
      long w = (long) v * 0x1_0000_0001L;
      expectedLongs[0] = Math.min(expectedLongs[0], w);
      expectedLongs[1] = Math.max(expectedLongs[1], w);
      expectedLongs[2] = Long.compareUnsigned(expectedLongs[2], w) <= 0 ? expectedLongs[2] : w;
      expectedLongs[3] = Long.compareUnsigned(expectedLongs[3], w) >= 0 ? expectedLongs[3] : w;
      expectedFloats[0] = Math.min(expectedFloats[0], v * 0.25f);
      expectedFloats[1] = Math.max(expectedFloats[1], v * 0.25f);
      expectedDoubles[0] = Math.min(expectedDoubles[0], v * 0.125);
      expectedDoubles[1] = Math.max(expectedDoubles[1], v * 0.125);
    }
    assertArrayEquals(expected, ints);
    assertArrayEquals(expectedLongs, longs);
    assertArrayEquals(expectedFloats, floats);
    assertArrayEquals(expectedDoubles, doubles);
  }

  @Test
  void atomicBitwise_exactResults() {
    int[] ints = {0, -1, 0};
    long[] longs = {0L, -1L, 0L};
    GPU.launch(launch(), AtomicsTest::bitwise, ints, longs);
    int xor = 0;
    long xorLong = 0;
    for (int t = 0; t < THREADS; t++) {
      xor ^= value(t);
      xorLong ^= (long) value(t) << 7;
    }
    assertArrayEquals(new int[] {-1, 0x80000000, xor}, ints);
    assertArrayEquals(new long[] {-1L, 0x8000000000000000L, xorLong}, longs);
  }

  @Test
  void atomicCas_lockFreeIncrements() {
    int[] ints = new int[1];
    long[] longs = new long[1];
    float[] floats = new float[1];
    double[] doubles = new double[1];
    GPU.launch(launch(), AtomicsTest::casIncrement, ints, longs, floats, doubles);
    assertEquals(THREADS, ints[0]);
    assertEquals(2L * THREADS, longs[0]);
    assertEquals(THREADS, floats[0]);
    assertEquals(THREADS, doubles[0]);
  }

  @Test
  void atomicIncDec_wrapAtLimit() {
    int limit = 9;
    int[] counters = new int[2];
    int[] oldInc = new int[THREADS];
    GPU.launch(launch(), AtomicsTest::incDec, limit, counters, oldInc);
    assertEquals(THREADS % (limit + 1), counters[0]);
    assertEquals((limit + 1 - THREADS % (limit + 1)) % (limit + 1), counters[1]);
    int[] histogram = new int[limit + 1];
    for (int old : oldInc) {
      histogram[old]++;
    }
    for (int v = 0; v <= limit; v++) {
      int expected = THREADS / (limit + 1) + (v < THREADS % (limit + 1) ? 1 : 0);
      assertEquals(expected, histogram[v], "old value " + v);
    }
  }
}
