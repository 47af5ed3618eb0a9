package dev.jptx.runtime.sim;

/** The PTX state spaces a memory access may name, for decoding and for error messages. */
public enum StateSpace {
  GLOBAL("global"),
  SHARED("shared"),
  LOCAL("local"),
  CONST("const"),
  PARAM("param"),
  GENERIC("generic");

  private final String ptxName;

  StateSpace(String ptxName) {
    this.ptxName = ptxName;
  }

  /** As PTX spells it. */
  public String ptxName() {
    return ptxName;
  }
}
