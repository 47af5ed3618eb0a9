package dev.jptx.compiler.target;

import java.util.Locale;

/**
 * The PTX virtual register classes of the NVPTX backend: the register-name prefix, the {@code .reg}
 * type each is declared with, and whether a value of the class passes through a {@code .param} of a
 * call. Which IR types live in which class is {@link LegalTypes}.
 */
public enum RegisterClass {
  PRED("%p", ".pred", 1, false),
  B16("%rs", ".b16", 16, false),
  B32("%r", ".b32", 32, true),
  B64("%rd", ".b64", 64, true),
  F32("%f", ".f32", 32, true),
  F64("%fd", ".f64", 64, true),
  H16("%h", ".b16", 16, false),
  H32("%hh", ".b32", 32, false),
  B128("%rq", ".b128", 128, false);

  private final String prefix;
  private final String declaredType;
  private final int bits;
  private final boolean callParameter;

  RegisterClass(String prefix, String declaredType, int bits, boolean callParameter) {
    this.prefix = prefix;
    this.declaredType = declaredType;
    this.bits = bits;
    this.callParameter = callParameter;
  }

  /**
   * True if a value of this class may be passed to and returned from a call, in a {@code .param} of
   * its declared type (emit's call sequences, the outliner's functions); a predicate has no {@code
   * .param} type at all.
   */
  public boolean callParameter() {
    return callParameter;
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
