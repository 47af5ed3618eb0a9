package dev.jptx.runtime.sim.ptx;

import java.util.List;

/**
 * A variable in a memory state space: {@code .global .align 4 .b8 garr[32] = {1, 0, 0, 0, 2};}.
 *
 * @param space the state space
 * @param linkage {@code "visible"}, {@code "extern"}, {@code "weak"} or {@code "common"} without
 *     the dot, {@code ""} if none
 * @param type the element type
 * @param vectorWidth 1 if scalar, else the {@code .vN} width
 * @param name the name; in a function, the unique name after flattening
 * @param align the {@code .align} value, 0 if unspecified
 * @param dims the array dimensions, outermost first; empty for a scalar; -1 for an unsized {@code
 *     []} (a dimension given by an initializer is filled in)
 * @param init the initial value, null if none
 * @param pos where the name is declared
 */
public record Variable(
    StateSpace space,
    String linkage,
    PtxType type,
    int vectorWidth,
    String name,
    int align,
    List<Long> dims,
    Initializer init,
    SourcePos pos) {
  /** Copies the list. */
  public Variable {
    dims = List.copyOf(dims);
  }

  /**
   * Returns the size of one element.
   *
   * @return the element type's size times the vector width, in bytes
   */
  public long elementBytes() {
    return (long) type.bytes() * vectorWidth;
  }

  /**
   * Returns the number of elements.
   *
   * @return the product of the dimensions (1 for a scalar); 0 if a dimension is unsized
   */
  public long elementCount() {
    long count = 1;
    for (long dim : dims) {
      if (dim < 0) {
        return 0;
      }
      count *= dim;
    }
    return count;
  }

  /**
   * Returns the size of the variable.
   *
   * @return element size times vector width times the product of the dimensions, in bytes; 0 for an
   *     unsized array such as {@code .extern .shared .b8 dyn[]}
   */
  public long byteSize() {
    return elementBytes() * elementCount();
  }

  /**
   * Returns the same variable under another name.
   *
   * @param newName the name
   * @return the renamed variable
   */
  public Variable withName(String newName) {
    return new Variable(space, linkage, type, vectorWidth, newName, align, dims, init, pos);
  }
}
