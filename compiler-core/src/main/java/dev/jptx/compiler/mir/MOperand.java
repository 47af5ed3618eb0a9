package dev.jptx.compiler.mir;

/** An operand of a machine instruction. */
public sealed interface MOperand {
  /** A virtual register. */
  record Reg(VReg reg) implements MOperand {}

  /**
   * An immediate: an integer, or the IEEE bits of an {@code f32} or {@code f64} (printed {@code
   * 0f3F800000} / {@code 0d3FF0000000000000}, as PTX spells exact float immediates).
   */
  record Imm(long bits, ImmKind kind) implements MOperand {}

  /** A branch target: the block's index in the function. */
  record BlockRef(int block) implements MOperand {}

  /** A symbol: a parameter or function name. */
  record Sym(String name) implements MOperand {}

  /** A special register, {@code %tid.x}. */
  record Special(String name) implements MOperand {}

  /** A comparison operator spelled into a mnemonic, {@code lt}. */
  record Cond(String name) implements MOperand {}

  /** How an immediate prints. */
  enum ImmKind {
    INT,
    F32,
    F64
  }

  /** An integer immediate. */
  static MOperand imm(long v) {
    return new Imm(v, ImmKind.INT);
  }

  /** A register operand. */
  static MOperand reg(VReg r) {
    return new Reg(r);
  }
}
