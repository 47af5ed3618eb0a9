package dev.jptx.compiler.target;

/** What operation legalization does with an (operation, type) pair, as in the seed's table. */
public enum LegalizeAction {
  /** The target has an instruction for it. */
  LEGAL,
  /** A named lowering class rewrites it (LLVM's {@code LowerOperation}). */
  CUSTOM,
  /** Rewritten into other generic operations. */
  EXPAND,
  /** Replaced by a call of a device function of jptx's library. */
  LIBCALL,
  /** Done in a wider type and narrowed back. */
  PROMOTE
}
