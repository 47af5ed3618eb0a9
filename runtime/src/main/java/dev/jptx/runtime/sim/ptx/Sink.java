package dev.jptx.runtime.sim.ptx;

/** The bit bucket {@code _}: a destination whose value is dropped. */
public record Sink() implements Operand {
  /** The only value a parse produces. */
  public static final Sink INSTANCE = new Sink();

  @Override
  public String text() {
    return "_";
  }
}
