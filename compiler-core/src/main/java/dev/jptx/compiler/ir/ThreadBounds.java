package dev.jptx.compiler.ir;

/** The most threads a block may have along each dimension: PTX {@code .maxntid x, y, z}. */
public record ThreadBounds(int x, int y, int z) {
  /** Validates that every dimension is positive. */
  public ThreadBounds {
    if (x < 1 || y < 1 || z < 1) {
      throw new IllegalArgumentException(
          "thread bounds must be positive: " + x + "," + y + "," + z);
    }
  }
}
