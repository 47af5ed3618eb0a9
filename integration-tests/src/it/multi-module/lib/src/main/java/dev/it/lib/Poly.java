package dev.it.lib;

/** Device functions for kernels in other projects: plain static methods. */
public final class Poly {
  private Poly() {}

  /** {@code 3x + 1}. */
  public static float threeXPlusOne(float x) {
    return 3f * x + 1f;
  }
}
