package dev.jptx.gpureport;

import java.util.stream.IntStream;

/**
 * One sweep's inputs and references: every {@code step}-th float bit pattern from 0 (all 2^32 of
 * them at step 1; an odd step, so that the patterns do not share low bits), turned into operands by
 * a {@link MathPairing}, and the function's {@code double} reference at each. The references are
 * computed once and shared by the four variants a sweep compares.
 */
final class MathSweep {
  private static final long PATTERNS = 1L << 32;
  private static final int CHUNK = 1 << 16;

  private final MathFunction function;
  private final float[] first;
  private final float[] second;
  private final double[] reference;

  private MathSweep(MathFunction function, float[] first, float[] second, double[] reference) {
    this.function = function;
    this.first = first;
    this.second = second;
    this.reference = reference;
  }

  /** How many patterns a sweep of {@code step} covers. */
  static int count(long step) {
    if (step < 1 || (PATTERNS + step - 1) / step > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("step " + step + " is not a sweep of at most 2^31 inputs");
    }
    return (int) ((PATTERNS + step - 1) / step);
  }

  /** The operands and references of {@code function} under {@code pairing} at {@code step}. */
  static MathSweep of(MathFunction function, MathPairing pairing, long step) {
    int n = count(step);
    float[] first = new float[n];
    float[] second = new float[n];
    double[] reference = new double[n];
    // independent elements: the chunks fill in any order and the arrays are the same each time
    IntStream.range(0, (n + CHUNK - 1) / CHUNK)
        .parallel()
        .forEach(
            c -> {
              for (int i = c * CHUNK, end = Math.min(n, i + CHUNK); i < end; i++) {
                float x = Float.intBitsToFloat((int) (i * step));
                first[i] = pairing.first().apply(x);
                second[i] = pairing.second().apply(x);
                reference[i] = function.reference(first[i], second[i]);
              }
            });
    return new MathSweep(function, first, second, reference);
  }

  MathFunction function() {
    return function;
  }

  int size() {
    return first.length;
  }

  /** The first operands (the kernel's {@code x}). */
  float[] first() {
    return first;
  }

  /** The second operands (the kernel's {@code z}; unused by one-argument functions). */
  float[] second() {
    return second;
  }

  /** The {@code double} reference at input {@code i}. */
  double reference(int i) {
    return reference[i];
  }
}
