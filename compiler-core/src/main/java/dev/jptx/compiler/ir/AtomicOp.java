package dev.jptx.compiler.ir;

import java.util.Locale;

/**
 * The read-modify-write operations of {@code atomic}, each returning the old value. Integer {@code
 * min/max} come signed and unsigned; {@code fmin/fmax} follow Java's {@code Math.min/max} (NaN
 * wins, {@code -0.0 < +0.0}); {@code inc/dec} wrap as CUDA's {@code atomicInc/atomicDec}; {@code
 * cas} compares bit patterns.
 */
public enum AtomicOp {
  ADD,
  EXCH,
  SMIN,
  SMAX,
  UMIN,
  UMAX,
  FMIN,
  FMAX,
  AND,
  OR,
  XOR,
  INC,
  DEC,
  CAS;

  /** How many values besides the address it takes: 2 for {@code cas}, else 1. */
  public int valueCount() {
    return this == CAS ? 2 : 1;
  }

  /** The textual spelling. */
  public String text() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a spelling printed by {@link #text()}. */
  public static AtomicOp parse(String text) {
    return valueOf(text.toUpperCase(Locale.ROOT));
  }
}
