package dev.jptx.compiler.outliner;

import java.util.Locale;

/**
 * The values of {@code enable-machine-outliner} (seed: the TargetPassConfig tri-state): off, on
 * with the expected cost of a call, or on only where a call pays even at its worst.
 */
public enum OutlinerMode {
  /** The pass does nothing. */
  DISABLE,
  /** Outlines where the expected cost of the calls ({@link OutliningCost}) leaves a saving. */
  ENABLE,
  /**
   * Outlines only where the saving survives the worst case of ptxas's calling convention: every
   * register live across a call saved before it and restored after it.
   */
  GUARANTEED_BENEFICIAL;

  /**
   * The knob's spelling of this mode: {@code disable}, {@code enable}, {@code
   * guaranteed-beneficial}.
   */
  public String knobValue() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The mode a knob value names; an {@link IllegalArgumentException} naming the values if none. */
  public static OutlinerMode parse(String value) {
    for (OutlinerMode m : values()) {
      if (m.knobValue().equals(value.strip())) {
        return m;
      }
    }
    throw new IllegalArgumentException(
        "enable-machine-outliner is one of disable, enable, guaranteed-beneficial, not '"
            + value
            + "'");
  }
}
