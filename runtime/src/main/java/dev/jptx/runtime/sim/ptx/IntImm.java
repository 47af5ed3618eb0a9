package dev.jptx.runtime.sim.ptx;

/**
 * An integer immediate or constant expression, evaluated to 64 bits. {@code 0xFFFFFFFFFFFFFFFFU}
 * and {@code -1} are the same value.
 *
 * @param value the two's-complement bits
 */
public record IntImm(long value) implements Operand {
  @Override
  public String text() {
    return Long.toString(value);
  }
}
