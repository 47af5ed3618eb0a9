package dev.jptx.runtime.sim.ptx;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A vector operand {@code {%f1, %f2, _, %f4}}.
 *
 * @param elements the elements in order; a {@link Sink} for each {@code _}
 */
public record VectorOp(List<Operand> elements) implements Operand {
  /** Copies the list. */
  public VectorOp {
    elements = List.copyOf(elements);
  }

  @Override
  public String text() {
    return elements.stream().map(Operand::text).collect(Collectors.joining(", ", "{", "}"));
  }
}
