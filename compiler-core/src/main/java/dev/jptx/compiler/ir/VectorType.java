package dev.jptx.compiler.ir;

/** A fixed-width vector of {@code lanes} scalars, e.g. {@code v2f16} or {@code v4f32}. */
public record VectorType(ScalarType element, int lanes) implements Type {

  /** Validates the lane count. */
  public VectorType {
    if (lanes < 2) {
      throw new IllegalArgumentException("a vector has at least two lanes: " + lanes);
    }
  }

  @Override
  public String text() {
    return "v" + lanes + element;
  }

  @Override
  public int bits() {
    return element.bits() * lanes;
  }

  @Override
  public String toString() {
    return text();
  }
}
