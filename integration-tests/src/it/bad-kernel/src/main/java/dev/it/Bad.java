package dev.it;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** Kernels the compiler rejects; verify.groovy expects errors at these exact lines. */
public final class Bad {
  private Bad() {}

  /** Allocates an object and calls a virtual method. */
  @Kernel
  public static void allocates(int n, float[] y) {
    int i = globalIdX();
    Object o = new java.util.ArrayList<String>();
    if (i < n) {
      y[i] = o.hashCode();
    }
  }

  /** Throws. */
  @Kernel
  public static void throwsIt(int n, float[] y) {
    int i = globalIdX();
    if (i >= n) {
      throw new IllegalStateException("out");
    }
    y[i] = 1f;
  }
}
