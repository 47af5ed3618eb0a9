package dev.jptx.compiler.target;

/**
 * What one source operand of a machine opcode accepts.
 *
 * @param kind the operand's kind
 * @param registerClass the class of a register operand, or null for other kinds
 */
public record OperandSpec(Kind kind, RegisterClass registerClass) {
  /** Operand kinds. */
  public enum Kind {
    /** A virtual register of the class. */
    REG,
    /** A virtual register of the class, or an immediate of the class's width. */
    REG_OR_IMM,
    /** An immediate (an address offset, a shift count). */
    IMM,
    /** A machine basic block (a branch target). */
    BLOCK,
    /** A symbol (a parameter or function name). */
    SYMBOL,
    /** A special register ({@code %tid.x}). */
    SPECIAL,
    /** A comparison operator spelled into the mnemonic ({@code lt} in {@code setp.lt.s32}). */
    CONDITION
  }

  /** A register of class {@code c}. */
  public static OperandSpec reg(RegisterClass c) {
    return new OperandSpec(Kind.REG, c);
  }

  /** A register of class {@code c}, or an immediate. */
  public static OperandSpec regOrImm(RegisterClass c) {
    return new OperandSpec(Kind.REG_OR_IMM, c);
  }

  /** An immediate. */
  public static OperandSpec imm() {
    return new OperandSpec(Kind.IMM, null);
  }

  /** A block. */
  public static OperandSpec block() {
    return new OperandSpec(Kind.BLOCK, null);
  }

  /** A symbol. */
  public static OperandSpec symbol() {
    return new OperandSpec(Kind.SYMBOL, null);
  }

  /** A special register. */
  public static OperandSpec special() {
    return new OperandSpec(Kind.SPECIAL, null);
  }

  /** A comparison operator. */
  public static OperandSpec condition() {
    return new OperandSpec(Kind.CONDITION, null);
  }
}
