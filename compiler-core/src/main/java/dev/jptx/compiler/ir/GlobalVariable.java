package dev.jptx.compiler.ir;

import java.util.List;

/**
 * A module-level variable: a {@code __shared__} array, a {@code static final} table in constant
 * memory, a {@code printf} format string. Code takes its address with {@code globaladdr}.
 *
 * @param name the PTX symbol, unique in the module
 * @param space {@code shared}, {@code const} or {@code global}
 * @param elementType the type of one element
 * @param count the number of elements; 0 for an {@code extern} array (dynamic shared memory)
 * @param align the alignment in bytes, a power of two at least the element size
 * @param init the elements' bit patterns, or empty for none (shared memory has no initializer)
 * @param external an {@code extern} declaration sized at launch
 */
public record GlobalVariable(
    String name,
    AddressSpace space,
    ScalarType elementType,
    int count,
    int align,
    List<Long> init,
    boolean external) {

  /** Copies the initializer and checks it fits. */
  public GlobalVariable {
    init = List.copyOf(init);
    if (!init.isEmpty() && init.size() != count) {
      throw new IllegalArgumentException(
          "@" + name + " has " + count + " elements but " + init.size() + " initial values");
    }
    if (Integer.bitCount(align) != 1) {
      throw new IllegalArgumentException("@" + name + ": alignment " + align + " is no power of 2");
    }
  }

  /** The size in bytes. */
  public long bytes() {
    return (long) count * Math.max(1, elementType.bits() / 8);
  }

  /** The type of its address. */
  public PointerType pointerType() {
    return new PointerType(space);
  }
}
