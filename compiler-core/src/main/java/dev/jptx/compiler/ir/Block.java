package dev.jptx.compiler.ir;

/** A basic block: a handle into the block table of the {@link Function} that owns it. */
public record Block(int id) {
  @Override
  public String toString() {
    return "b" + id;
  }
}
