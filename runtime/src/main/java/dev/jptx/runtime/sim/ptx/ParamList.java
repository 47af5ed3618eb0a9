package dev.jptx.runtime.sim.ptx;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A parenthesised list of a {@code call}: the return parameters {@code (retval0)} or the arguments
 * {@code (param0, param1)}. See {@link CallSite} for the roles.
 *
 * @param items the parameters, usually {@link SymbolRef}s to {@code .param} variables
 */
public record ParamList(List<Operand> items) implements Operand {
  /** Copies the list. */
  public ParamList {
    items = List.copyOf(items);
  }

  @Override
  public String text() {
    return items.stream().map(Operand::text).collect(Collectors.joining(", ", "(", ")"));
  }
}
