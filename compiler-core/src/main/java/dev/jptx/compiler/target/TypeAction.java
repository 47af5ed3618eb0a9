package dev.jptx.compiler.target;

/**
 * What type legalization does with a type (the seed's type-legalization actions): keep it, or
 * rewrite every value of it through one of the legal types.
 */
public enum TypeAction {
  /** A register class holds it. */
  LEGAL,
  /** Integers widened to the next legal integer ({@code i8 -> i16}). */
  PROMOTE_INTEGER,
  /** Integers split into halves ({@code i128 -> 2 x i64} where no {@code .b128}). */
  EXPAND_INTEGER,
  /** Floats computed in a wider float ({@code f16 -> f32} below sm_53). */
  PROMOTE_FLOAT,
  /** Floats replaced by integer bit patterns and library calls. */
  SOFTEN_FLOAT,
  /** Vectors turned into their scalars. */
  SCALARIZE_VECTOR,
  /** Vectors cut into two halves. */
  SPLIT_VECTOR,
  /** Vectors padded to a legal lane count ({@code v3i8 -> v4i8}). */
  WIDEN_VECTOR
}
