package dev.jptx.runtime.sim.ptx;

/**
 * A floating-point immediate. {@code 0f3F800000} is single precision; {@code 0d3FF0000000000000}
 * and decimal literals such as {@code 1.5} or {@code 1e-3} are double precision (the instruction
 * type decides how the value is used).
 *
 * @param bits the IEEE bits: 32 significant bits when {@code single}, else 64
 * @param single true for the {@code 0f} form
 * @param decimal true when written as a decimal literal
 */
public record FloatImm(long bits, boolean single, boolean decimal) implements Operand {
  /**
   * Returns the value as a double, whichever the precision.
   *
   * @return the value
   */
  public double value() {
    return single ? Float.intBitsToFloat((int) bits) : Double.longBitsToDouble(bits);
  }

  /**
   * Returns the same immediate with the sign flipped, as a leading minus sign does.
   *
   * @return the negated immediate
   */
  public FloatImm negate() {
    return new FloatImm(single ? bits ^ 0x8000_0000L : bits ^ Long.MIN_VALUE, single, decimal);
  }

  @Override
  public String text() {
    if (single) {
      return String.format("0f%08X", bits);
    }
    return decimal ? Double.toString(value()) : String.format("0d%016X", bits);
  }
}
