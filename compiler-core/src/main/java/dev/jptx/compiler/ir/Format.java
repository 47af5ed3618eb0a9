package dev.jptx.compiler.ir;

/** The operand layout of an instruction; each format is one record under {@link InstData}. */
public enum Format {
  BINARY,
  UNARY,
  COMPARE,
  CAST,
  SELECT,
  LOAD,
  STORE,
  PTR_ADD,
  EXTRACT_ELEMENT,
  BUILD_VECTOR,
  ATOMIC,
  ALLOCA,
  GLOBAL_ADDR,
  PHI,
  CALL,
  INTRINSIC,
  JUMP,
  BRANCH,
  SWITCH,
  RETURN
}
