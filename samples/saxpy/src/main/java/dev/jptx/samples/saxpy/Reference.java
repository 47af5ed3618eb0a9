package dev.jptx.samples.saxpy;

import dev.jptx.runtime.Device;
import dev.jptx.runtime.Launch;
import java.util.Random;

/**
 * Runs the sample's kernels on a device and checks every element against a plain sequential loop.
 * The checks are bit-exact: the JVM device runs the Java methods themselves, and compiled code must
 * keep Java's float semantics ({@code a * x[i] + y[i]} rounded twice, never fused).
 */
public final class Reference {
  /** Threads per block, the saxpy kernel's {@code maxThreadsPerBlock}. */
  public static final int BLOCK = 256;

  private Reference() {}

  /**
   * Runs saxpy on {@code device} over {@code n} random elements.
   *
   * @return the number of elements that differ from the sequential loop
   */
  public static int checkSaxpy(Device device, int n, long seed) {
    Random r = new Random(seed);
    float a = 2.5f + r.nextFloat();
    float[] x = new float[n];
    float[] y = new float[n];
    for (int i = 0; i < n; i++) {
      x[i] = r.nextFloat() * 200 - 100;
      y[i] = r.nextFloat() * 200 - 100;
    }
    float[] expected = new float[n];
    for (int i = 0; i < n; i++) {
      expected[i] = a * x[i] + y[i];
    }
    device.launch(Launch.grid1d(n, BLOCK), Saxpy::saxpy, n, a, x, y);
    int bad = 0;
    for (int i = 0; i < n; i++) {
      // floatToIntBits: bit for bit, except that any NaN equals any NaN (API.md §1)
      if (Float.floatToIntBits(y[i]) != Float.floatToIntBits(expected[i])) {
        bad += report("saxpy", i, bad, y[i] + " expected " + expected[i]);
      }
    }
    return bad;
  }

  /**
   * Runs vecAdd on {@code device} over {@code n} random elements, large enough to overflow.
   *
   * @return the number of elements that differ from the sequential loop
   */
  public static int checkVecAdd(Device device, int n, long seed) {
    Random r = new Random(seed);
    int[] a = new int[n];
    int[] b = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextInt();
      b[i] = r.nextInt();
    }
    int[] expected = new int[n];
    for (int i = 0; i < n; i++) {
      expected[i] = a[i] + b[i];
    }
    int[] c = new int[n];
    device.launch(Launch.grid1d(n, BLOCK), VecAdd::vecAdd, n, a, b, c);
    int bad = 0;
    for (int i = 0; i < n; i++) {
      if (c[i] != expected[i]) {
        bad += report("vecAdd", i, bad, c[i] + " expected " + expected[i]);
      }
    }
    return bad;
  }

  /** Prints the first few mismatches only; a broken kernel would otherwise print millions. */
  private static int report(String kernel, int i, int before, String what) {
    if (before < 10) {
      System.out.println(kernel + ": element " + i + " is " + what);
    }
    return 1;
  }
}
