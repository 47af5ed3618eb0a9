package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Groups of adjacent array accesses that the load/store vectorizer merges into one PTX vector
 * access (-O2 and above), and groups it must leave alone.
 */
public final class Vectors {
  private Vectors() {}

  /** float4 style: {@code a[4*i] .. a[4*i+3]} are 16-byte aligned on a 256-byte-aligned array. */
  @Kernel
  public static void float4(int n, @ReadOnly float[] a, @ReadOnly float[] b, float[] out) {
    int i = globalIdX();
    if (i < n) {
      out[4 * i] = a[4 * i] * 2 + b[4 * i];
      out[4 * i + 1] = a[4 * i + 1] * 2 + b[4 * i + 1];
      out[4 * i + 2] = a[4 * i + 2] * 2 + b[4 * i + 2];
      out[4 * i + 3] = a[4 * i + 3] * 2 + b[4 * i + 3];
    }
  }

  /** double2 style: two doubles per thread, 16-byte aligned. */
  @Kernel
  public static void double2(int n, @ReadOnly double[] a, double[] out) {
    int i = globalIdX();
    if (i < n) {
      double x = a[2 * i];
      double y = a[2 * i + 1];
      out[2 * i] = x * y;
      out[2 * i + 1] = x - y;
    }
  }

  /** Shifted by one element: {@code a[4*i+1] .. a[4*i+4]} is only 4-byte aligned. */
  @Kernel
  public static void shifted(int n, @ReadOnly float[] a, float[] out) {
    int i = globalIdX();
    if (i < n) {
      out[4 * i] = a[4 * i + 1] + a[4 * i + 2] + a[4 * i + 3] + a[4 * i + 4];
    }
  }

  /** int4 and long2 style, through one array each: integer lanes, loads then stores. */
  @Kernel
  public static void intsAndLongs(int n, int[] xs, long[] ys) {
    int i = globalIdX();
    if (i < n) {
      int a = xs[4 * i];
      int b = xs[4 * i + 1];
      int c = xs[4 * i + 2];
      int d = xs[4 * i + 3];
      xs[4 * i] = b ^ c;
      xs[4 * i + 1] = a + d;
      xs[4 * i + 2] = a * b;
      xs[4 * i + 3] = c - d;
      long y = ys[2 * i];
      long z = ys[2 * i + 1];
      ys[2 * i] = z + a;
      ys[2 * i + 1] = y >> (d & 63);
    }
  }

  /**
   * A store between the loads writes what a later load reads: the four loads must not become one
   * (two pairs, each on its side of the store, may), nor the two stores around the load.
   */
  @Kernel
  public static void storeBetween(int n, float[] a) {
    int i = globalIdX();
    if (i < n) {
      float x = a[4 * i];
      float y = a[4 * i + 1];
      a[4 * i + 2] = x + y;
      float z = a[4 * i + 2];
      float w = a[4 * i + 3];
      a[4 * i + 3] = z * w;
    }
  }
}
