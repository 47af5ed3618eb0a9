package dev.jptx.compiler.ir;

/**
 * A 64-bit address into one state space. Keeping the space in the type lets the backend emit {@code
 * ld.global} instead of generic loads and drop {@code cvta} where the space is known.
 */
public record PointerType(AddressSpace space) implements Type {

  @Override
  public String text() {
    return "ptr." + space.ptxName();
  }

  @Override
  public int bits() {
    return 64;
  }

  @Override
  public String toString() {
    return text();
  }
}
