package dev.jptx.compiler.ir;

/** An SSA value: a handle into the value table of the {@link Function} that owns it. */
public record Value(int id) {
  @Override
  public String toString() {
    return "%" + id;
  }
}
