package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.sharedInts;
import static dev.jptx.Gpu.syncThreads;
import static dev.jptx.Gpu.threadIdxX;

import dev.jptx.Kernel;
import dev.jptx.NoInline;

/**
 * Device functions that return arrays: a parameter (or one row of an array of arrays), a shared
 * array, a static table; inlined and emitted as a {@code .func} ({@code @NoInline}, recursion).
 */
public final class ArrayReturns {
  private ArrayReturns() {}

  static final int[] SQUARES = new int[16];

  static {
    for (int k = 0; k < SQUARES.length; k++) {
      SQUARES[k] = k * k - 3;
    }
  }

  /** One of two parameter arrays, picked by thread; the result is written through another. */
  @Kernel
  public static void pickParameter(float[] a, float[] b, float[] out, float[] out2) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    float[] p = pick(a, b, i);
    float[] q = pickOutOfLine(a, b, i + 1);
    float v = p[i % p.length] + 2 * q[(i * 3) % q.length] + p.length * 1000 + q.length * 10;
    pickOutOfLine(out, out2, i)[i] = v;
  }

  /** A row of an array of arrays returned, inline and out of line (recursively found). */
  @Kernel
  public static void rowOf(int[][] a, int[] out) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    int[] r = longest(a, a.length - 1);
    out[i] = r.length * 100 + r[i % r.length] + row(a, i % a.length).length;
  }

  /** A shared array made by a helper, filled by the block, read back across threads. */
  @Kernel
  public static void sharedFromHelper(int[] in, int[] out) {
    int t = threadIdxX();
    int[] s = scratch();
    s[t] = in[globalIdX()];
    syncThreads();
    out[globalIdX()] = s[(t + 1) % 64] - s[t] + s.length;
  }

  /** A static table returned by a helper, inline and out of line. */
  @Kernel
  public static void tableFromHelper(int[] out) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    int[] t = table();
    int[] u = tableOutOfLine();
    out[i] = t[i % t.length] * 7 + u[(i + 5) % u.length];
  }

  private static float[] pick(float[] a, float[] b, int i) {
    return (i & 1) == 0 ? a : b;
  }

  @NoInline
  private static float[] pickOutOfLine(float[] a, float[] b, int i) {
    return (i % 3) == 0 ? a : b;
  }

  private static int[] row(int[][] a, int i) {
    return a[i];
  }

  /** The longest of rows 0..k, found recursively (so always a {@code .func}). */
  private static int[] longest(int[][] a, int k) {
    if (k == 0) {
      return a[0];
    }
    int[] rest = longest(a, k - 1);
    return a[k].length > rest.length ? a[k] : rest;
  }

  private static int[] scratch() {
    return sharedInts(64);
  }

  private static int[] table() {
    return SQUARES;
  }

  @NoInline
  private static int[] tableOutOfLine() {
    return SQUARES;
  }
}
