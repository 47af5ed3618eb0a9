package dev.jptx.compiler.isel;

import dev.jptx.compiler.dag.SdNode;
import dev.jptx.compiler.dag.SdValue;

/** What a pattern leaf bound: a value to read from its register, or a constant to fold. */
sealed interface Bound {
  /** A value that is selected on its own. */
  record Reg(SdValue value) implements Bound {}

  /** A {@code CONSTANT} or {@code CONSTANT_FP} node folded as an immediate. */
  record Imm(SdNode constant) implements Bound {}
}
