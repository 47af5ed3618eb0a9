package dev.jptx.runtime.sim.ptx;

/**
 * A memory operand {@code [base+offset]}: {@code [%rd1+-8]}, {@code [sym+4]}, {@code [0x100]}.
 *
 * @param base a {@link Reg}, a {@link SymbolRef} (its own offset 0) or an {@link IntImm}
 * @param offset the byte offset added to the base
 */
public record Address(Operand base, long offset) implements Operand {
  @Override
  public String text() {
    return "[" + PtxPrinter.withOffset(base.text(), offset) + "]";
  }
}
