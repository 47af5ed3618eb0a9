package dev.jptx.compiler.ir;

/** The PTX state spaces a pointer may point into. */
public enum AddressSpace {
  GENERIC("generic"),
  GLOBAL("global"),
  SHARED("shared"),
  LOCAL("local"),
  CONST("const"),
  PARAM("param");

  private final String ptxName;

  AddressSpace(String ptxName) {
    this.ptxName = ptxName;
  }

  /** The state-space name as PTX spells it ({@code global}, {@code shared}, ...). */
  public String ptxName() {
    return ptxName;
  }

  /** Parses a name printed by {@link #ptxName()}. */
  public static AddressSpace parse(String text) {
    for (AddressSpace s : values()) {
      if (s.ptxName.equals(text)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown address space '" + text + "'");
  }
}
