package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.NoInline;

/**
 * Device functions that return a local array of their own, always inlined so that the array lives
 * in the caller's frame: a filled array, one of two local arrays, a local array or a parameter, a
 * call in a loop whose every iteration uses only its own array, helpers returning another helper's
 * local array, and such a call inside a {@code .func} and a recursive function.
 */
public final class LocalArrayReturns {
  private LocalArrayReturns() {}

  /** A helper's fresh array, filled from the input around the thread's index. */
  @Kernel
  public static void filledByHelper(int[] in, int[] out) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    int[] w = window(in, i);
    int s = 0;
    for (int k = 0; k < w.length; k++) {
      s += w[k] * (k + 1);
    }
    out[i] = s + w.length * 1000;
  }

  /** One of two local arrays of different lengths, picked per thread and written after. */
  @Kernel
  public static void oneOfTwo(float[] in, float[] out) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    float[] p = pickLocal(in[i], (i & 1) == 0);
    p[1] += 1;
    out[i] = p[0] * 3 + p[1] + p[p.length - 1] + p.length;
  }

  /** A local array on one path, the caller's output on the other; written through either. */
  @Kernel
  public static void localOrParameter(int[] in, int[] out) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    int[] r = ownOrOut(out, in[i]);
    r[i % r.length] = in[i] * 2;
    out[i] += r[i % r.length] + r.length;
  }

  /** A call in a loop: each iteration uses only the array its own call returned. */
  @Kernel
  public static void helperInLoop(int[] in, int[] out) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    int acc = 0;
    for (int k = 0; k < 5; k++) {
      int[] w = window(in, i + k);
      w[k & 3] += k;
      acc = acc * 3 + w[k & 3] - w[0];
    }
    out[i] = acc;
  }

  /** Helpers returning another helper's local array, or their own, or that one modified. */
  @Kernel
  public static void nested(int[] in, long[] out) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    int[] s = squares(in, i);
    int[] e = either(in, i);
    long[] d = widened(s);
    out[i] = s[0] + 10L * s[3] + 100L * e[0] + 1000L * e[e.length - 1] + d[2] + d.length;
  }

  /** The helper inlined into a {@code .func} and into a recursive function. */
  @Kernel
  public static void insideFunctions(int[] in, int[] out) {
    int i = globalIdX();
    if (i >= out.length) {
      return;
    }
    out[i] = sumOfWindow(in, i) + 7 * depthSum(in, i, i & 3);
  }

  static int[] window(int[] in, int i) {
    int[] w = new int[4];
    for (int k = 0; k < w.length; k++) {
      int j = i + k;
      w[k] = j < in.length ? in[j] : -k;
    }
    return w;
  }

  static float[] pickLocal(float x, boolean first) {
    float[] a = new float[2];
    float[] b = new float[3];
    a[0] = x;
    a[1] = -x;
    b[0] = x * x;
    b[2] = 7;
    return first ? a : b;
  }

  static int[] ownOrOut(int[] out, int v) {
    if ((v & 1) == 0) {
      int[] t = new int[3];
      t[0] = v;
      return t;
    }
    return out;
  }

  static int[] squares(int[] in, int i) {
    int[] w = window(in, i);
    for (int k = 0; k < w.length; k++) {
      w[k] *= w[k];
    }
    return w;
  }

  static int[] either(int[] in, int i) {
    int[] own = new int[2];
    own[0] = i;
    own[1] = -i;
    return (i & 2) == 0 ? own : window(in, i + 1);
  }

  static long[] widened(int[] a) {
    long[] out = new long[4];
    for (int k = 0; k < a.length && k < out.length; k++) {
      out[k] = a[k] * 3L;
    }
    return out;
  }

  @NoInline
  static int sumOfWindow(int[] in, int i) {
    int[] w = window(in, i);
    return w[0] + w[1] + w[2] + w[3];
  }

  @NoInline
  static int depthSum(int[] in, int i, int depth) {
    int[] w = window(in, i);
    return depth == 0 ? w[0] : w[depth] + depthSum(in, i + 1, depth - 1);
  }
}
