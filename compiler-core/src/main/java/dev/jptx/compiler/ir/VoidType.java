package dev.jptx.compiler.ir;

/** The result type of functions and instructions that produce no value. */
public enum VoidType implements Type {
  VOID;

  @Override
  public int bits() {
    return 0;
  }

  @Override
  public String text() {
    return "void";
  }

  @Override
  public String toString() {
    return "void";
  }
}
