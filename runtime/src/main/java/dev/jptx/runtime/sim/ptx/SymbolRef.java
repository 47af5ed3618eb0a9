package dev.jptx.runtime.sim.ptx;

/**
 * A reference to a named thing that is not a register: a variable (module-level or in the function,
 * after flattening its unique name), a parameter, a function, a label or a call prototype. Look the
 * name up in the function first, then in the module.
 *
 * @param name the name
 * @param offset the byte offset written after it ({@code sym+8}), else 0
 */
public record SymbolRef(String name, long offset) implements Operand {
  /**
   * Creates a reference without an offset.
   *
   * @param name the name
   */
  public SymbolRef(String name) {
    this(name, 0);
  }

  @Override
  public String text() {
    return PtxPrinter.withOffset(name, offset);
  }
}
