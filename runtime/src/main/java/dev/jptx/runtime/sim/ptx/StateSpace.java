package dev.jptx.runtime.sim.ptx;

import java.util.Locale;

/** The PTX state spaces; {@link #GENERIC} stands for an instruction that names no space. */
public enum StateSpace {
  /** Registers. */
  REG,
  /** Special registers. */
  SREG,
  /** Constant memory. */
  CONST,
  /** Global memory. */
  GLOBAL,
  /** Per-thread local memory. */
  LOCAL,
  /** Kernel and function parameters. */
  PARAM,
  /** Per-CTA shared memory. */
  SHARED,
  /** Generic addressing: an instruction without a state space modifier. */
  GENERIC,
  /** Texture memory. */
  TEX;

  /**
   * Returns the space a modifier names.
   *
   * @param modifier a modifier without its dot, such as {@code "shared"} or {@code "shared::cta"}
   * @return the space, or null if the modifier is not a state space
   */
  public static StateSpace fromModifier(String modifier) {
    int qualifier = modifier.indexOf("::");
    String base = qualifier < 0 ? modifier : modifier.substring(0, qualifier);
    switch (base) {
      case "reg":
        return REG;
      case "sreg":
        return SREG;
      case "const":
        return CONST;
      case "global":
        return GLOBAL;
      case "local":
        return LOCAL;
      case "param":
        return PARAM;
      case "shared":
        return SHARED;
      case "tex":
        return TEX;
      default:
        return null;
    }
  }

  /**
   * Returns the modifier that names this space.
   *
   * @return the name without a dot, such as {@code "shared"}
   */
  public String modifier() {
    return name().toLowerCase(Locale.ROOT);
  }
}
