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

  /** A store between the loads that may write what the later loads read. */
  @Kernel
  public static void storeBetween(int n, float[] a, float[] out) {
    int i = globalIdX();
    if (i < n) {
      float x = a[4 * i];
      float y = a[4 * i + 1];
      out[i] = x + y;
      float z = a[4 * i + 2];
      float w = a[4 * i + 3];
      out[n + i] = z * w;
    }
  }
}
