package dev.jptx.runtime;

/**
 * The extent of a grid or a block in three dimensions, each at least 1 (CUDA's {@code dim3}).
 *
 * @param x the extent along x
 * @param y the extent along y
 * @param z the extent along z
 */
public record Dim3(int x, int y, int z) {
  /** Checks that every extent is at least 1. */
  public Dim3 {
    if (x < 1 || y < 1 || z < 1) {
      throw new IllegalArgumentException(
          "every extent of a Dim3 must be at least 1: (" + x + ", " + y + ", " + z + ")");
    }
  }

  /**
   * A one-dimensional extent {@code (x, 1, 1)}.
   *
   * @param x the extent along x
   * @return the extent
   */
  public static Dim3 of(int x) {
    return new Dim3(x, 1, 1);
  }

  /**
   * A two-dimensional extent {@code (x, y, 1)}.
   *
   * @param x the extent along x
   * @param y the extent along y
   * @return the extent
   */
  public static Dim3 of(int x, int y) {
    return new Dim3(x, y, 1);
  }

  /**
   * A three-dimensional extent.
   *
   * @param x the extent along x
   * @param y the extent along y
   * @param z the extent along z
   * @return the extent
   */
  public static Dim3 of(int x, int y, int z) {
    return new Dim3(x, y, z);
  }

  /**
   * The number of elements, {@code x * y * z}.
   *
   * @return the product, as a {@code long} so that it cannot overflow
   */
  public long count() {
    return (long) x * y * z;
  }

  @Override
  public String toString() {
    return "(" + x + "," + y + "," + z + ")";
  }
}
