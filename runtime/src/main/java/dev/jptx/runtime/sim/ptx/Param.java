package dev.jptx.runtime.sim.ptx;

import java.util.List;

/**
 * A parameter or return parameter of an entry, a function or a call prototype: {@code .param .u64
 * .ptr .global .align 16 p}, {@code .param .align 8 .b8 s[32]}, {@code .reg .b32 x}.
 *
 * @param space {@link StateSpace#PARAM}, or {@link StateSpace#REG} for a {@code .func} parameter
 *     declared {@code .reg}
 * @param type the element type
 * @param vectorWidth 1 if scalar, else the {@code .vN} width
 * @param name the name; {@code "_"} in call prototypes
 * @param align the {@code .align} value, 0 if unspecified
 * @param dims the array dimensions, empty for a scalar
 * @param ptr true if marked {@code .ptr}
 * @param pos where the name is declared
 */
public record Param(
    StateSpace space,
    PtxType type,
    int vectorWidth,
    String name,
    int align,
    List<Long> dims,
    boolean ptr,
    SourcePos pos) {
  /** Copies the list. */
  public Param {
    dims = List.copyOf(dims);
  }

  /**
   * Returns the size of the parameter.
   *
   * @return element size times vector width times the product of the dimensions, in bytes
   */
  public long byteSize() {
    long size = (long) type.bytes() * vectorWidth;
    for (long dim : dims) {
      size *= Math.max(dim, 0);
    }
    return size;
  }
}
