package dev.jptx.compiler.ir;

/** Where a value comes from: a parameter, an instruction's result, or a constant. */
public sealed interface ValueDef {
  /** The {@code index}-th parameter of the function. */
  record Param(int index) implements ValueDef {}

  /** The result of {@code inst}. */
  record Result(Inst inst) implements ValueDef {}

  /** A constant, as the bit pattern of its type (floats as their IEEE bits). */
  record Constant(long bits) implements ValueDef {}
}
