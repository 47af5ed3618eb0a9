package dev.jptx.compiler.testkernels;

import static dev.jptx.Gpu.globalIdX;

import dev.jptx.Kernel;

/** Recursion as deep as the caller asks: bounded on a GPU by the stack size. */
public final class Recursion {
  private Recursion() {}

  static int depth(int n) {
    return n <= 0 ? 0 : 1 + depth(n - 1);
  }

  @Kernel
  public static void depthOf(int n, int[] out) {
    out[globalIdX()] = depth(n);
  }
}
