package dev.it;

import dev.jptx.Kernel;

/** A kernel with a parameter type kernels cannot take. */
public final class BadParams {
  private BadParams() {}

  /** Takes a string. */
  @Kernel
  public static void named(String name, int[] out) {
    out[0] = 1;
  }
}
