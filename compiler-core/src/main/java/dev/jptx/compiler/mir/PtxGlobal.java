package dev.jptx.compiler.mir;

import java.util.List;

/**
 * A module-scope variable as PTX declares it.
 *
 * @param name the symbol
 * @param space {@code shared}, {@code const} or {@code global}
 * @param elementType the declared element type, {@code .f32}, {@code .b8}
 * @param count the number of elements (0 for an {@code extern} array)
 * @param align the alignment in bytes
 * @param init the elements' bit patterns, or empty
 * @param external an {@code extern} array sized at launch
 */
public record PtxGlobal(
    String name,
    String space,
    String elementType,
    int count,
    int align,
    List<Long> init,
    boolean external) {
  /** Copies the initializer. */
  public PtxGlobal {
    init = List.copyOf(init);
  }
}
