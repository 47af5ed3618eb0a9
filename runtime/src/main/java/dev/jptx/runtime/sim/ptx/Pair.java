package dev.jptx.runtime.sim.ptx;

/**
 * Two destinations joined by {@code |}: {@code setp.lt.s32 %p1|%p2, ...} writes the comparison and
 * its complement, {@code shfl.sync.down.b32 %r1|%p1, ...} a value and a predicate.
 *
 * @param first the first destination
 * @param second the second destination, a predicate
 */
public record Pair(Operand first, Operand second) implements Operand {
  @Override
  public String text() {
    return first.text() + "|" + second.text();
  }
}
