package dev.jptx.runtime.sim.ptx;

/**
 * The generic address of a variable, {@code generic(sym)}.
 *
 * @param symbol the variable
 */
public record Generic(SymbolRef symbol) implements Operand {
  @Override
  public String text() {
    return "generic(" + symbol.text() + ")";
  }
}
