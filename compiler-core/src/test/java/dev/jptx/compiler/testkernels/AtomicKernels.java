package dev.jptx.compiler.testkernels;

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
import static dev.jptx.Gpu.sharedDoubles;
import static dev.jptx.Gpu.sharedFloats;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.sharedLongs;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;
import dev.jptx.NoInline;

/**
 * Every atomic on every element type, on global memory, shared memory and (through a
 * {@code @NoInline} device function) generic addresses. Results never depend on the order in which
 * threads win: contended elements only see operations whose end result is order-free ({@code add}
 * of exactly representable sums, {@code min max and or xor}, the same {@code inc}/{@code dec} every
 * time, whose returned old values are order-free as a multiset and are summed), and exchanges and
 * compare-and-swaps work on each thread's own element.
 */
public final class AtomicKernels {
  private AtomicKernels() {}

  /** Contended int atomics on {@code acc[0..12]}, uncontended ones on {@code own[i]}. */
  @Kernel
  public static void ints(int[] values, int[] acc, int[] own, int[] old) {
    int i = globalIdX();
    if (i >= values.length) {
      return;
    }
    intOps(values[i], acc, 0);
    ownInts(i, values[i], own, old, 4 * i);
  }

  static void intOps(int v, int[] acc, int base) {
    atomicAdd(acc, base, v);
    atomicSub(acc, base + 1, v);
    atomicMin(acc, base + 2, v);
    atomicMax(acc, base + 3, v);
    atomicMinUnsigned(acc, base + 4, v);
    atomicMaxUnsigned(acc, base + 5, v);
    atomicAnd(acc, base + 6, v | 0x10101);
    atomicOr(acc, base + 7, v & 0x7070707);
    atomicXor(acc, base + 8, v);
    atomicAdd(acc, base + 10, atomicInc(acc, base + 9, 17));
    atomicAdd(acc, base + 12, atomicDec(acc, base + 11, 13));
  }

  static void ownInts(int i, int v, int[] own, int[] old, int o) {
    old[o] = atomicExch(own, 4 * i, v);
    old[o + 1] = atomicCas(own, 4 * i + 1, v, 99);
    old[o + 2] = atomicCas(own, 4 * i + 2, own[4 * i + 2], v);
    old[o + 3] = atomicSub(own, 4 * i + 3, v);
  }

  /** The same in shared memory (blocks of 64), and through generic addresses. */
  @Kernel
  public static void intsShared(int[] values, int[] acc, int[] own, int[] old) {
    int[] sAcc = sharedInts(13);
    int[] sOwn = sharedInts(256);
    int t = threadIdxX();
    int i = globalIdX();
    if (t < 13) {
      sAcc[t] = acc[13 * (i / 64) + t];
    }
    for (int k = 0; k < 4; k++) {
      sOwn[4 * t + k] = own[4 * i + k];
    }
    syncThreads();
    intOps(values[i], sAcc, 0);
    ownInts(t, values[i], sOwn, old, 4 * i);
    genericAdd(sAcc, 0, 1);
    genericAdd(acc, 13 * (i / 64), -1);
    syncThreads();
    if (t < 13) {
      atomicAdd(acc, 13 * (i / 64) + t, sAcc[t]);
    }
    for (int k = 0; k < 4; k++) {
      own[4 * i + k] = sOwn[4 * t + k];
    }
  }

  @NoInline
  static int genericAdd(int[] a, int i, int v) {
    return atomicAdd(a, i, v);
  }

  /** Contended long atomics on {@code acc[0..8]}, uncontended ones on {@code own[i]}. */
  @Kernel
  public static void longs(long[] values, long[] acc, long[] own, long[] old) {
    int i = globalIdX();
    if (i >= values.length) {
      return;
    }
    long v = values[i];
    atomicAdd(acc, 0, v);
    atomicSub(acc, 1, v);
    atomicMin(acc, 2, v);
    atomicMax(acc, 3, v);
    atomicMinUnsigned(acc, 4, v);
    atomicMaxUnsigned(acc, 5, v);
    atomicAnd(acc, 6, v | 0x1010101010101L);
    atomicOr(acc, 7, v & 0x707070707070707L);
    atomicXor(acc, 8, v);
    old[3 * i] = atomicExch(own, 3 * i, v);
    old[3 * i + 1] = atomicCas(own, 3 * i + 1, v, -99);
    old[3 * i + 2] = atomicCas(own, 3 * i + 2, own[3 * i + 2], v);
  }

  /** Long atomics on shared memory (one block of 64) and through generic addresses. */
  @Kernel
  public static void longsShared(long[] values, long[] acc) {
    long[] s = sharedLongs(4);
    int t = threadIdxX();
    if (t < 4) {
      s[t] = acc[t];
    }
    syncThreads();
    long v = values[globalIdX()];
    atomicAdd(s, 0, v);
    atomicMaxUnsigned(s, 1, v);
    atomicXor(s, 2, v);
    genericMin(s, 3, v);
    genericMin(acc, 4, v);
    syncThreads();
    if (t < 4) {
      acc[t] = s[t];
    }
  }

  @NoInline
  static long genericMin(long[] a, int i, long v) {
    return atomicMin(a, i, v);
  }

  /**
   * Float atomics: contended add of exactly representable values ({@code acc[0]}, and subnormal
   * ones in {@code acc[1]}, which {@code atom.global.add.f32} would flush), min and max with Java's
   * semantics ({@code acc[2..6]}: NaN wins, {@code -0.0 < +0.0}); exchange and compare-and-swap on
   * bit patterns on each thread's own elements.
   */
  @Kernel
  public static void floats(float[] values, float[] acc, float[] own, float[] old) {
    int i = globalIdX();
    if (i >= values.length) {
      return;
    }
    float v = values[i];
    atomicAdd(acc, 0, v);
    atomicSub(acc, 1, Float.MIN_VALUE * (i & 7));
    atomicMin(acc, 2, v);
    atomicMax(acc, 3, v);
    atomicMin(acc, 4, (i & 1) == 0 ? 0.0f : -0.0f);
    atomicMax(acc, 5, (i & 1) == 0 ? 0.0f : -0.0f);
    atomicMin(acc, 6, i == 5 ? Float.NaN : v);
    old[3 * i] = atomicExch(own, 3 * i, v);
    old[3 * i + 1] = atomicCas(own, 3 * i + 1, own[3 * i + 1], v);
    old[3 * i + 2] = atomicCas(own, 3 * i + 2, -own[3 * i + 2], v);
  }

  /** Float and double atomics on shared memory (one block of 64) and generic addresses. */
  @Kernel
  public static void floatsShared(float[] values, float[] acc, double[] dacc) {
    float[] s = sharedFloats(4);
    double[] d = sharedDoubles(4);
    int t = threadIdxX();
    if (t < 4) {
      s[t] = acc[t];
      d[t] = dacc[t];
    }
    syncThreads();
    float v = values[globalIdX()];
    atomicAdd(s, 0, v);
    atomicAdd(s, 1, Float.MIN_VALUE);
    atomicMax(s, 2, v);
    genericAdd(s, 3, Float.MIN_VALUE * 3);
    genericAdd(acc, 4, Float.MIN_VALUE * 5);
    atomicAdd(d, 0, v);
    atomicMin(d, 1, v);
    genericAdd(d, 2, Double.MIN_VALUE);
    genericAdd(dacc, 4, v);
    syncThreads();
    if (t < 4) {
      acc[t] = s[t];
      dacc[t] = d[t];
    }
  }

  @NoInline
  static float genericAdd(float[] a, int i, float v) {
    return atomicAdd(a, i, v);
  }

  @NoInline
  static double genericAdd(double[] a, int i, double v) {
    return atomicAdd(a, i, v);
  }

  /** Double atomics: as {@link #floats}, on global memory. */
  @Kernel
  public static void doubles(double[] values, double[] acc, double[] own, double[] old) {
    int i = globalIdX();
    if (i >= values.length) {
      return;
    }
    double v = values[i];
    atomicAdd(acc, 0, v);
    atomicSub(acc, 1, Double.MIN_VALUE * (i & 7));
    atomicMin(acc, 2, v);
    atomicMax(acc, 3, v);
    atomicMin(acc, 4, (i & 1) == 0 ? 0.0 : -0.0);
    atomicMax(acc, 5, (i & 1) == 0 ? 0.0 : -0.0);
    atomicMax(acc, 6, i == 5 ? Double.NaN : v);
    old[3 * i] = atomicExch(own, 3 * i, v);
    old[3 * i + 1] = atomicCas(own, 3 * i + 1, own[3 * i + 1], v);
    old[3 * i + 2] = atomicCas(own, 3 * i + 2, -own[3 * i + 2], v);
  }
}
