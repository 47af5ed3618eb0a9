package dev.jptx.runtime.sim.ptx;

/** One element of an {@link Initializer}. */
public sealed interface InitValue {
  /**
   * A constant, already converted to the variable's element type.
   *
   * @param bits the element's bits in the low end: the IEEE bits for floats (so {@code 1.0} in an
   *     {@code .f32} variable is {@code 0x3F800000}), the value masked to the element width for
   *     integers ({@code -1} in a {@code .b8} array is {@code 0xFF}; in a 64-bit one it is {@code
   *     -1})
   */
  record Constant(long bits) implements InitValue {}

  /**
   * The address of a variable or function plus an offset: {@code sym+4}, {@code generic(sym)+8}.
   *
   * @param symbol the variable or function name
   * @param offset the byte offset
   * @param generic true for {@code generic(sym)}: the generic address rather than the address in
   *     the variable's own state space
   */
  record Address(String symbol, long offset, boolean generic) implements InitValue {}
}
