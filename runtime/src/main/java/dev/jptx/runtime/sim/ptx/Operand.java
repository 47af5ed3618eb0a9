package dev.jptx.runtime.sim.ptx;

/**
 * An instruction operand. Java 17 has no pattern {@code switch}: dispatch with {@code instanceof}.
 */
public sealed interface Operand
    permits Reg, IntImm, FloatImm, SymbolRef, Address, VectorOp, Sink, ParamList, Generic, Pair {
  /**
   * Prints the operand as PTX.
   *
   * @return PTX text the parser reads back as an equal operand
   */
  String text();
}
