package dev.jptx.runtime.sim.exec;

/**
 * What one decoded instruction does to a thread. Returns the next program counter, or one of the
 * negative {@link Status} codes. Implementations read and write registers through {@code t.r} and
 * hold every operand as a register slot, an offset or a constant fixed at decode time: no strings
 * and no lookups while executing.
 */
@FunctionalInterface
public interface Exec {
  /** Executes on thread {@code t}, whose {@code pc} is this instruction. */
  int run(ThreadState t);
}
