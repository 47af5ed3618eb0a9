package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Loops with run-time trip counts whose bodies are one block: the software pipeliner's candidates
 * and the runtime unroller's. Each thread runs its own trip count ({@code counts[i]}, which the
 * tests make 0, 1, 2, ... so that every prolog depth and the short-trip path run), and values
 * carried around the loop or used after it.
 */
public final class Pipelined {
  private Pipelined() {}

  /** A dot product: a float recurrence in Java's order, two loads per trip. */
  @Kernel
  public static void dot(
      int n, @ReadOnly int[] counts, @ReadOnly float[] a, @ReadOnly float[] b, float[] out) {
    int i = globalIdX();
    if (i < n) {
      int m = counts[i];
      float sum = 0.0f;
      for (int k = 0; k < m; ++k) {
        sum += a[i + k] * b[k];
      }
      out[i] = sum;
    }
  }

  /**
   * Several recurrences of different lengths (a polynomial step, an xor-shift, a counter), a long
   * carried value and the induction variable used after the loop.
   */
  @Kernel
  public static void recurrences(int n, @ReadOnly int[] counts, @ReadOnly int[] seeds, long[] out) {
    int i = globalIdX();
    if (i < n) {
      int m = counts[i];
      int x = seeds[i];
      long acc = 7;
      int k = 0;
      int odd = 0;
      while (k < m) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        acc = acc * 31 + (x & 0xffff);
        odd += x & 1;
        k += 1;
      }
      out[i] = acc + ((long) k << 40) + ((long) odd << 20) + x;
    }
  }

  /** A stream copy with a scale and a store per trip: loads and stores of different arrays. */
  @Kernel
  public static void scaleRow(
      int n, int stride, @ReadOnly int[] counts, @ReadOnly double[] x, double[] y) {
    int i = globalIdX();
    if (i < n) {
      int m = counts[i];
      for (int k = 0; k < m; k++) {
        y[i * stride + k] = x[i * stride + k] * 1.5 + k;
      }
    }
  }

  /**
   * A loop that reads what its previous trip stored (a prefix sum in place): memory order carried
   * around the loop.
   */
  @Kernel
  public static void prefixInPlace(int n, int stride, @ReadOnly int[] counts, int[] data) {
    int i = globalIdX();
    if (i < n) {
      int m = counts[i];
      int base = i * stride;
      for (int k = 1; k < m; k++) {
        data[base + k] += data[base + k - 1];
      }
    }
  }

  /**
   * Long-latency operations in the body (division, square root, a conversion), a select instead of
   * a branch, and a count-down loop with a step of 3.
   */
  @Kernel
  public static void slowOps(int n, @ReadOnly int[] counts, @ReadOnly float[] x, float[] out) {
    int i = globalIdX();
    if (i < n) {
      int m = counts[i];
      float s = 1.0f;
      for (int k = 3 * m; k > 0; k -= 3) {
        float v = x[(i + k) % x.length];
        float r = (float) Math.sqrt(Math.abs(v)) / (1.0f + k);
        s = s * 0.5f + (v > 0 ? r : -r);
      }
      out[i] = s;
    }
  }

  /** Bounds near the ends of int: the trip count must not overflow (Java wraps). */
  @Kernel
  public static void wideBounds(int n, @ReadOnly int[] starts, @ReadOnly int[] ends, int[] out) {
    int i = globalIdX();
    if (i < n) {
      int lo = starts[i];
      int hi = ends[i];
      int h = 0;
      for (int k = lo; k < hi; k++) {
        h = h * 17 + k;
        if (k == Integer.MAX_VALUE - 1) {
          h ^= 1;
        }
      }
      out[i] = h;
    }
  }

  /**
   * Conversions from double to char, whose NaN Java maps to 0 (a {@code cvt}, a NaN test and a
   * {@code selp} that the pipeliner may put in different stages), in a recurrence and a store. The
   * differential fuzzer's kernel {@code 0x98dd6982f6a6e065}, reduced: the PTX lint took the
   * select's test from the previous trip for one of another value.
   */
  @Kernel
  public static void nanConversions(
      int n, @ReadOnly int[] counts, @ReadOnly double[] x, long[] out, int[] product) {
    int i = globalIdX();
    if (i < n) {
      int m = counts[i];
      char c = 1;
      for (int k = 0; k < m; k++) {
        double v = x[k];
        c *= (char) v;
        out[i * 2 + (k & 1)] = (long) (char) (k + v);
      }
      product[i] = c;
    }
  }

  /** Constant steps: a {@code static final} table, read with {@code ld.const}. */
  private static final char[] STEPS = {3, 0, 65535, 7, 1, 40000, 12, 9};

  /**
   * A conversion from double to char in a recurrence over a table, whose NaN test the pipeliner may
   * put in the trip after the {@code cvt}, with the select. The differential fuzzer's kernel {@code
   * 0x767fae66bb940056}, reduced (the trip count is the thread index masked, as there). Launched
   * with one thread per element of {@code out}.
   */
  @Kernel
  public static void carriedConversion(int[] out) {
    int i = globalIdX();
    char c = 1;
    int m = Math.min(i & 31, STEPS.length);
    for (int k = 0; k < m; k++) {
      char v = STEPS[k];
      c *= (char) ((v << v) - (double) v);
    }
    out[i] = c;
  }

  /** An inner loop nested in an outer one: the inner is the candidate. */
  @Kernel
  public static void nested(
      int n, int cols, @ReadOnly int[] counts, @ReadOnly float[] m, float[] out) {
    int i = globalIdX();
    if (i < n) {
      int rows = counts[i];
      float total = 0.0f;
      for (int r = 0; r < rows; r++) {
        float row = 0.0f;
        for (int c = 0; c < cols; c++) {
          row += m[(r * cols + c) % m.length];
        }
        total = total * 0.75f + row;
      }
      out[i] = total;
    }
  }
}
