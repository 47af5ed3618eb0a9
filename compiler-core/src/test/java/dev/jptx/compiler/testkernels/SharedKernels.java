package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.atomicAdd;
import static dev.jptx.Gpu.blockDimX;
import static dev.jptx.Gpu.dynamicSharedDoubles;
import static dev.jptx.Gpu.dynamicSharedFloats;
import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.sharedBooleans;
import static dev.jptx.Gpu.sharedBytes;
import static dev.jptx.Gpu.sharedChars;
import static dev.jptx.Gpu.sharedDoubles;
import static dev.jptx.Gpu.sharedFloats;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.sharedLongs;
import static dev.jptx.Gpu.sharedShorts;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;
import dev.jptx.NoInline;

/**
 * Shared memory: static arrays of every element type, one array per call site (also inside device
 * functions, inlined or not), shared arrays passed to device functions, and dynamic shared memory.
 * Every kernel writes shared memory before reading it: CUDA leaves it uninitialised.
 */
public final class SharedKernels {
  private SharedKernels() {}

  /** Blocks of 64 threads: each block reverses its slice through a shared tile. */
  @Kernel
  public static void reverseTile(float[] in, float[] out) {
    float[] tile = sharedFloats(64);
    int t = threadIdxX();
    int i = globalIdX();
    tile[t] = in[i];
    syncThreads();
    out[i] = tile[63 - t] + tile.length;
  }

  /** Every element type round-trips through shared memory, read back by a neighbour. */
  @Kernel
  public static void everyType(int[] in, long[] out) {
    boolean[] z = sharedBooleans(32);
    byte[] b = sharedBytes(32);
    short[] s = sharedShorts(32);
    char[] c = sharedChars(32);
    int[] n = sharedInts(32);
    long[] l = sharedLongs(32);
    double[] d = sharedDoubles(32);
    int t = threadIdxX();
    int v = in[globalIdX()];
    z[t] = (v & 1) != 0;
    b[t] = (byte) v;
    s[t] = (short) v;
    c[t] = (char) v;
    n[t] = v;
    l[t] = (long) v * v;
    d[t] = v * 0.5;
    syncThreads();
    int u = (t + 1) & 31;
    long r = (z[u] ? 1 : 0) + b[u] + s[u] + c[u] + n[u] + l[u] + (long) d[u];
    out[globalIdX()] = r + z.length + b.length + l.length;
  }

  /**
   * A device function's shared array is one per block: reset once, bumped from several call sites
   * and a loop, read back by every thread. {@code inlined} picks the inlinable copy or the
   * {@code @NoInline} one.
   */
  @Kernel
  public static void deviceFunctionSites(int[] out, boolean inlined) {
    counter(0, true);
    counterCall(0, true);
    syncThreads();
    for (int k = 1; k <= 3; k++) {
      if (inlined) {
        counter(k, false);
      } else {
        counterCall(k, false);
      }
    }
    counter(10, false);
    counterCall(100, false);
    syncThreads();
    out[globalIdX()] = counter(0, false) + 10000 * counterCall(0, false);
  }

  static int counter(int v, boolean reset) {
    int[] c = sharedInts(1);
    if (reset) {
      if (threadIdxX() == 0) {
        c[0] = 0;
      }
      return 0;
    }
    return atomicAdd(c, 0, v);
  }

  @NoInline
  static int counterCall(int v, boolean reset) {
    int[] c = sharedInts(1);
    if (reset) {
      if (threadIdxX() == 0) {
        c[0] = 0;
      }
      return 0;
    }
    return atomicAdd(c, 0, v);
  }

  /** Two call sites are two arrays; a shared array passed to a device function (generic). */
  @Kernel
  public static void twoSitesAndGenericAccess(float[] in, float[] out) {
    float[] a = sharedFloats(32);
    float[] b = sharedFloats(32);
    int t = threadIdxX();
    a[t] = in[globalIdX()];
    b[t] = -in[globalIdX()];
    syncThreads();
    out[globalIdX()] = sum(a, 32) * 2 + sum(b, 16);
  }

  @NoInline
  static float sum(float[] xs, int n) {
    float s = 0;
    for (int k = 0; k < n; k++) {
      s += xs[k];
    }
    return s;
  }

  /** A block-wide tree reduction in shared memory (blocks of 128). */
  @Kernel
  public static void blockSum(double[] in, double[] sums) {
    double[] s = sharedDoubles(128);
    int t = threadIdxX();
    s[t] = in[globalIdX()];
    syncThreads();
    for (int stride = blockDimX() / 2; stride > 0; stride /= 2) {
      if (t < stride) {
        s[t] += s[t + stride];
      }
      syncThreads();
    }
    if (t == 0) {
      sums[globalIdX() / blockDimX()] = s[0];
    }
  }

  /** Dynamic shared memory sized by the launch: its length, and a reversal through it. */
  @Kernel
  public static void dynamicReverse(float[] in, float[] out, int[] lengths) {
    float[] buf = dynamicSharedFloats();
    int t = threadIdxX();
    int n = buf.length;
    if (t < n) {
      buf[t] = in[globalIdX()];
    }
    syncThreads();
    if (t < n) {
      out[globalIdX()] = buf[n - 1 - t];
    }
    if (globalIdX() == 0) {
      lengths[0] = n;
    }
  }

  /** Dynamic shared memory as doubles, viewed in a device function too (same element type). */
  @Kernel
  public static void dynamicDoubles(double[] in, double[] out) {
    double[] buf = dynamicSharedDoubles();
    int t = threadIdxX();
    buf[t] = in[globalIdX()];
    syncThreads();
    out[globalIdX()] = neighbour(t) + buf.length;
  }

  static double neighbour(int t) {
    double[] buf = dynamicSharedDoubles();
    return buf[(t + 1) % blockDimX()];
  }
}
