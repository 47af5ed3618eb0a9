package dev.jptx.runtime.sim.ptx;

import java.util.List;

/**
 * The initial value of a variable, flattened to one element per scalar in memory order: nested
 * braces are padded to their sub-array size, vector components count as the innermost dimension,
 * and elements missing at the end are zero.
 *
 * @param values the elements in memory order, possibly fewer than the variable holds
 */
public record Initializer(List<InitValue> values) {
  /** Copies the list. */
  public Initializer {
    values = List.copyOf(values);
  }
}
