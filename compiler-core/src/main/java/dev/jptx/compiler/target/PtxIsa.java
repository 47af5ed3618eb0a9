package dev.jptx.compiler.target;

/** Facts about the PTX ISA versions jptx emits. */
public final class PtxIsa {
  /**
   * The newest PTX ISA version jptx writes; a module's {@code .version} is the lowest version its
   * target and features allow, never above this.
   */
  public static final PtxVersion NEWEST = new PtxVersion(9, 0);

  private PtxIsa() {}
}
