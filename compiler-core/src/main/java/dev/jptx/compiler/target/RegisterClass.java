package dev.jptx.compiler.target;

import java.util.Locale;

/**
 * The PTX virtual register classes of the NVPTX backend: the register-name prefix and the {@code
 * .reg} type each is declared with. Which IR types live in which class is {@link LegalTypes}.
 */
public enum RegisterClass {
  PRED("%p", ".pred", 1),
  B16("%rs", ".b16", 16),
  B32("%r", ".b32", 32),
  B64("%rd", ".b64", 64),
  F32("%f", ".f32", 32),
  F64("%fd", ".f64", 64),
  H16("%h", ".b16", 16),
  H32("%hh", ".b32", 32),
  B128("%rq", ".b128", 128);

  private final String prefix;
  private final String declaredType;
  private final int bits;

  RegisterClass(String prefix, String declaredType, int bits) {
    this.prefix = prefix;
    this.declaredType = declaredType;
    this.bits = bits;
  }

  /** The register-name prefix, {@code %r}. */
  public String prefix() {
    return prefix;
  }

  /** The type of the {@code .reg} declaration, {@code .b32}. */
  public String declaredType() {
    return declaredType;
  }

  /** Width of one register in bits. */
  public int bits() {
    return bits;
  }

  /** The short name used in MIR text ({@code b32}). */
  public String mirName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a name printed by {@link #mirName()}. */
  public static RegisterClass parseMirName(String text) {
    return valueOf(text.toUpperCase(Locale.ROOT));
  }
}
