package dev.jptx.runtime.cuda;

import dev.jptx.Kernel;
import dev.jptx.ReadOnly;

/**
 * Kernels whose modules the cuda tests write themselves (the fake driver never runs PTX, so the
 * modules only need to be told apart).
 */
public final class CudaTestKernels {
  private CudaTestKernels() {}

  /** y = a * x: one read-only array and one written array. */
  @Kernel
  public static void scale(int n, float a, @ReadOnly float[] x, float[] y) {
    // the fake driver runs a Java body instead
  }

  /** One parameter of every primitive type. */
  @Kernel
  public static void scalars(boolean z, byte b, short s, char c, int i, long j, float f, double d) {
    // never run
  }

  /** Arrays of the element types that pass through the kernel ABI. */
  @Kernel
  public static void arrays(boolean[] z, byte[] b, char[] c, long[] j, double[] d) {
    // never run
  }

  /** An array of arrays, and an array that may be one of its rows. */
  @Kernel
  public static void rows(float[][] a, float[] b) {
    // the fake driver runs a Java body instead
  }
}
