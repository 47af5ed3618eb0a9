package dev.jptx.compiler.target;

/** Facts about the PTX ISA versions jptx emits. */
public final class PtxIsa {
  /**
   * The newest PTX ISA version jptx writes; a module's {@code .version} is the lowest version its
   * target and features allow, never above this.
   */
  public static final PtxVersion NEWEST = new PtxVersion(9, 0);

  /**
   * What an opcode row needs where every target has it ({@code "any"} in the tables): {@code 0.0},
   * below every target's minimum.
   */
  public static final PtxVersion ANY = new PtxVersion(0, 0);

  private PtxIsa() {}

  /** The version an opcode row's ISA column names: {@code "any"}, or {@code "6.0"}. */
  static PtxVersion parseColumn(String text) {
    return text.equals("any") ? ANY : PtxVersion.parse(text);
  }
}
