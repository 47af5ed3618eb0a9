package dev.jptx.runtime.sim.ptx;

import java.util.List;

/**
 * A call prototype for indirect calls, {@code prototype_0 : .callprototype (.param .b32 _) _
 * (.param .b32 _, .param .b32 _);}.
 *
 * @param name the label naming it, unique within the function after flattening
 * @param returns the return parameters, empty if none
 * @param params the parameters
 * @param pos where the name is declared
 */
public record CallPrototype(String name, List<Param> returns, List<Param> params, SourcePos pos) {
  /** Copies the lists. */
  public CallPrototype {
    returns = List.copyOf(returns);
    params = List.copyOf(params);
  }
}
