package dev.jptx.runtime.sim.alu;

/** The four IEEE 754 rounding-direction attributes PTX names on floating-point instructions. */
public enum Rounding {
  /** {@code .rn}: to nearest, ties to even; the default of every PTX floating-point instruction. */
  RN,
  /** {@code .rz}: toward zero. */
  RZ,
  /** {@code .rm}: toward minus infinity. */
  RM,
  /** {@code .rp}: toward plus infinity. */
  RP;

  /**
   * Whether a value of the given sign rounds away from zero under this mode when inexact.
   *
   * @param negative whether the exact value is negative
   * @return true for {@code .rp} on a positive value and {@code .rm} on a negative one
   */
  boolean awayFromZero(boolean negative) {
    return this == RP && !negative || this == RM && negative;
  }
}
