package dev.jptx.gpureport;

/**
 * How one sweep of the math section makes a function's operands from each float bit pattern {@code
 * x} of the sweep, as {@code FloatMathSweepTest} does: the first operand and, for two-argument
 * functions, the second (a constant, or another float made from {@code x}'s bits).
 *
 * @param label how the report names the sweep, e.g. {@code atan2(x, -0.75)}
 * @param first the first operand
 * @param second the second operand (unused by one-argument functions)
 */
record MathPairing(String label, FloatOp first, FloatOp second) {
  /** The one sweep of a one-argument function: {@code f(x)}. */
  static final MathPairing UNARY = new MathPairing("f(x)", x -> x, x -> 0f);

  /** A float function of a float. */
  @FunctionalInterface
  interface FloatOp {
    float apply(float x);
  }

  /** {@code x}'s bits rotated left by 7: every magnitude paired with every other. */
  static float rotated(float x) {
    return Float.intBitsToFloat(Integer.rotateLeft(Float.floatToRawIntBits(x), 7));
  }

  /** An exponent from {@code x}'s bits, rotated by 11, of magnitude below 2^7. */
  static float smallRotated(float x) {
    int bits = Integer.rotateLeft(Float.floatToRawIntBits(x), 11);
    return Float.intBitsToFloat(bits & 0x83ffffff | 0x38000000);
  }
}
