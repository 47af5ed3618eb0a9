package dev.jptx.compiler.target;

import java.util.Set;

/**
 * Names the PTX identifier grammar admits but no symbol may take: the predefined identifiers
 * without a leading {@code %} (the special registers have one, which no jptx symbol does). Checked
 * against ptxas 13.0: it rejects an entry named {@code WARP_SZ} with a syntax error, and accepts
 * opcode, type and directive words ({@code add}, {@code u32}, {@code global}, {@code entry}) as
 * names.
 */
public final class PtxIdentifiers {
  private static final Set<String> PREDEFINED = Set.of("WARP_SZ");

  private PtxIdentifiers() {}

  /** True for a name PTX predefines, which no symbol may take. */
  public static boolean isPredefined(String name) {
    return PREDEFINED.contains(name);
  }
}
