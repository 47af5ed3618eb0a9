package dev.jptx.compiler.isel;

import dev.jptx.compiler.target.Availability;
import dev.jptx.compiler.target.MachineOpcode;
import java.util.List;

/**
 * One selection rule: where {@code pattern} matches (on a target where {@code when} applies), emit
 * {@code out} with the bound operands in the order {@code uses} names them ({@code "#1"} is the
 * literal immediate 1). Rules are tried in table order; the first that matches wins, so larger and
 * more specific patterns come first.
 */
public record SelectionPattern(
    String name, Pat.Op pattern, MachineOpcode out, List<String> uses, Availability when) {
  /** Copies the operand names. */
  public SelectionPattern {
    uses = List.copyOf(uses);
  }
}
