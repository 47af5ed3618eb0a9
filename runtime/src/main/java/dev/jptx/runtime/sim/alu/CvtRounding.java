package dev.jptx.runtime.sim.alu;

/** The rounding modifier of {@code cvt}: none, a floating-point one, or an integer one. */
public enum CvtRounding {
  /** No modifier; PTX allows it only where the conversion is exact. Treated as {@code .rn}. */
  NONE(Rounding.RN, false),
  /** {@code .rn}: round to nearest even (a float result). */
  RN(Rounding.RN, false),
  /** {@code .rz}: round toward zero (a float result). */
  RZ(Rounding.RZ, false),
  /** {@code .rm}: round toward minus infinity (a float result). */
  RM(Rounding.RM, false),
  /** {@code .rp}: round toward plus infinity (a float result). */
  RP(Rounding.RP, false),
  /** {@code .rni}: round to the nearest integer, ties to even. */
  RNI(Rounding.RN, true),
  /** {@code .rzi}: round to the integer toward zero. */
  RZI(Rounding.RZ, true),
  /** {@code .rmi}: round to the integer toward minus infinity. */
  RMI(Rounding.RM, true),
  /** {@code .rpi}: round to the integer toward plus infinity. */
  RPI(Rounding.RP, true);

  private final Rounding direction;
  private final boolean integer;

  CvtRounding(Rounding direction, boolean integer) {
    this.direction = direction;
    this.integer = integer;
  }

  /**
   * The rounding direction, without the integer/float distinction.
   *
   * @return the direction
   */
  public Rounding direction() {
    return direction;
  }

  /**
   * Whether this is one of the integer modifiers {@code .rni .rzi .rmi .rpi}.
   *
   * @return true for the integer modifiers
   */
  public boolean isInteger() {
    return integer;
  }
}
