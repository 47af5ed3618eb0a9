package dev.jptx;

import dev.jptx.spi.KernelContext;
import dev.jptx.spi.ShuffleMode;
import dev.jptx.spi.VoteMode;

/** The JVM side of {@code Gpu}'s warp operations: bit-pattern plumbing around the context. */
final class Warp {
  private Warp() {}

  static long shuffle(String caller, ShuffleMode mode, int mask, long v, int operand) {
    return KernelContext.current(caller).shuffle(mode, mask, v, operand);
  }

  static float shuffle(String caller, ShuffleMode mode, int mask, float v, int operand) {
    // Raw bits: a shuffle moves bit patterns, NaN payloads included.
    long bits = Float.floatToRawIntBits(v);
    return Float.intBitsToFloat((int) shuffle(caller, mode, mask, bits, operand));
  }

  static double shuffle(String caller, ShuffleMode mode, int mask, double v, int operand) {
    long bits = Double.doubleToRawLongBits(v);
    return Double.longBitsToDouble(shuffle(caller, mode, mask, bits, operand));
  }

  static int vote(String caller, VoteMode mode, int mask, boolean predicate) {
    return KernelContext.current(caller).vote(mode, mask, predicate);
  }
}
