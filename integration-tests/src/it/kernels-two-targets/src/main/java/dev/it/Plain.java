package dev.it;

/** A class without kernels: no module, no index line. */
public final class Plain {
  private Plain() {}

  /** Not a kernel. */
  public static int twice(int x) {
    return 2 * x;
  }
}
