package dev.jptx.runtime.sim.ptx;

/**
 * An instruction guard, {@code @%p1} or {@code @!%p1}.
 *
 * @param predicate the predicate register's unique name
 * @param negated true for {@code @!}
 */
public record Guard(String predicate, boolean negated) {
  /**
   * Prints the guard as PTX.
   *
   * @return {@code @%p1} or {@code @!%p1}
   */
  public String text() {
    return (negated ? "@!" : "@") + predicate;
  }
}
