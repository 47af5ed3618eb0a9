package dev.jptx.compiler.ir;

/** An instruction: a handle into the instruction table of the {@link Function} that owns it. */
public record Inst(int id) {
  @Override
  public String toString() {
    return "inst" + id;
  }
}
