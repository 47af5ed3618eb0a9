package dev.jptx.compiler.driver;

import java.util.Locale;

/**
 * The stages of the pipeline, in order, as {@code --print-after} and {@code jptx dump --after} name
 * them. Each has a textual form: the bytecode listing, IR, DAGs, MIR, or PTX.
 */
public enum Stage {
  BYTECODE,
  SSA,
  OPT,
  DAG,
  LEGALIZE,
  ISEL,
  MIR,
  PIPELINER,
  RA,
  OUTLINER,
  PTX;

  /** The name on the command line. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a command-line name; throws {@link IllegalArgumentException} naming the valid ones. */
  public static Stage parse(String text) {
    for (Stage s : values()) {
      if (s.cliName().equals(text)) {
        return s;
      }
    }
    StringBuilder names = new StringBuilder();
    for (Stage s : values()) {
      names.append(names.length() > 0 ? " " : "").append(s.cliName());
    }
    throw new IllegalArgumentException("unknown stage '" + text + "'; stages: " + names);
  }
}
