package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;
import static dev.jptx.Gpu.printf;

import dev.jptx.Kernel;

/** printf, and the checks option's traps. */
public final class Output {
  private Output() {}

  @Kernel
  public static void prints(int n, float f, double d, long l, char c, boolean b, byte y) {
    int i = globalIdX();
    if (i == 0) {
      printf("n=%d f=%f d=%.3e l=%ld c=%c b=%d y=%d %%\n", n, f, d, l, c, b ? 1 : 0, y);
      printf("no arguments\n");
    }
    if (i < n) {
      printf("thread %d: %5.2f|%-4d|%08X|%g\n", i, f * i, i, ~i, i > 2 ? d : -d);
    }
  }

  @Kernel
  public static void indexes(int[] a, int at, int[] out) {
    int i = globalIdX();
    if (i == 0) {
      out[0] = a[at];
    }
  }

  @Kernel
  public static void divides(int[] a, long x, long y, int[] out) {
    int i = globalIdX();
    if (i < a.length) {
      out[i] = 1000 / a[i] + (int) (x % y);
    }
  }
}
