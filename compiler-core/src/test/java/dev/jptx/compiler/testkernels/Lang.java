package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.NoInline;

/** Device functions, recursion, switches, local arrays and constant tables. */
public final class Lang {
  private Lang() {}

  static final float[] WEIGHTS = {0.25f, 0.5f, 0.25f, -1.5f};
  static final short[] SHORTS = {-1, 2, -30000, 4000};
  static final long BIG = 1L << 40;

  @Kernel
  public static void calls(int[] a, int[] b, long[] fibs, int[] misc) {
    int i = globalIdX();
    if (i < a.length) {
      a[i] = MathHelpers.gcd(a[i], b[i]);
      fibs[i] = MathHelpers.fib(i % 20) + BIG;
      misc[i] = MathHelpers.prime(i) + MathHelpers.narrow(i * 37) + MathHelpers.toChar(-i);
      misc[i] += MathHelpers.isEven(fibs[i]) ? 1000 : 0;
      misc[i] += twice(i);
    }
  }

  @NoInline
  static int twice(int v) {
    return v + v;
  }

  @Kernel
  public static void arrays(float[] data, double[] ds, int chunk, float[] out) {
    int i = globalIdX();
    if (i * chunk + chunk <= data.length) {
      out[i] = MathHelpers.sum(data, i * chunk, i * chunk + chunk) * WEIGHTS[i & 3];
      out[i] += SHORTS[i & 3];
    }
    if (i == 0) {
      MathHelpers.scale(ds, 0.5);
    }
  }

  @Kernel
  public static void switches(int[] data, int[] out) {
    int i = globalIdX();
    if (i >= data.length) {
      return;
    }
    int v = data[i];
    int r;
    switch (v & 7) {
      case 0:
        r = 10;
        break;
      case 1:
      case 2:
        r = v * 3;
        break;
      case 5:
        r = -v;
      // fall through
      case 6:
        r = v + 100;
        break;
      default:
        r = 7;
    }
    switch (v) {
      case -1000000 -> r += 1;
      case 17 -> r += 2;
      case 123456789 -> r += 3;
      default -> r += 0;
    }
    out[i] = r;
  }

  @Kernel
  public static void localArrays(int[] data, int[] out) {
    int i = globalIdX();
    if (i >= data.length) {
      return;
    }
    int[] hist = new int[8];
    long[] big = new long[40];
    for (int k = 0; k < 16; k++) {
      hist[(data[i] >>> (k * 2)) & 7]++;
      big[(k * 7 + i) % 40] += k;
    }
    boolean[] seen = new boolean[5];
    seen[i % 5] = true;
    int r = 0;
    for (int k = 0; k < 8; k++) {
      r = r * 31 + hist[k];
    }
    for (int k = 0; k < 40; k++) {
      r += (int) big[k] * k;
    }
    out[i] = r + (seen[i % 5] ? 1 : 0) + (seen[(i + 1) % 5] ? 2 : 0) + bump(hist);
  }

  static int bump(int[] a) {
    a[0]++;
    return a[0] + a.length;
  }

  @Kernel
  public static void remainders(float[] fx, float[] fy, double[] dx, double[] dy) {
    int i = globalIdX();
    if (i < fx.length) {
      fx[i] = fx[i] % fy[i];
    }
    if (i < dx.length) {
      dx[i] = dx[i] % dy[i];
    }
  }

  /** Arrays made in a loop: fresh and zeroed on every iteration, the last one kept afterwards. */
  @Kernel
  public static void arraysInLoops(int[] data, int[] out) {
    int i = globalIdX();
    if (i >= data.length) {
      return;
    }
    int[] last = new int[3];
    int sum = 0;
    for (int k = 0; k < 5; k++) {
      sum += last[0];
      int[] t = new int[3];
      t[k % 3] += data[i] + k;
      sum += t[0] + t[1] * 3 + t[2] * 7;
      last = t;
    }
    out[i] = sum + last[1];
  }
}
