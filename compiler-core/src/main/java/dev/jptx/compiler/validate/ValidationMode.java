package dev.jptx.compiler.validate;

import java.util.Locale;

/** The {@code validate} option: choose per module, require, or skip. */
public enum ValidationMode {
  /** Validate with whichever validator supports the module; skip modules none supports. */
  AUTO,
  /** Fail if no validator supports a module. */
  TRUE,
  /** Never validate. */
  FALSE;

  /** Parses {@code auto|true|false}. */
  public static ValidationMode parse(String text) {
    try {
      return valueOf(text.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "validate must be auto, true or false, not '" + text + "'");
    }
  }
}
