package dev.jptx.runtime.sim.alu;

/** The byte-selection modes of {@code prmt.b32}. */
public enum PrmtMode {
  /** No mode: four 4-bit selectors in {@code c[15:0]}, bit 3 of each replicates the sign. */
  GENERIC,
  /** {@code .f4e}: forward 4 extract. */
  F4E,
  /** {@code .b4e}: backward 4 extract. */
  B4E,
  /** {@code .rc8}: replicate 8. */
  RC8,
  /** {@code .ecl}: edge clamp left. */
  ECL,
  /** {@code .ecr}: edge clamp right. */
  ECR,
  /** {@code .rc16}: replicate 16. */
  RC16
}
