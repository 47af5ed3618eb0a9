package dev.jptx.runtime.sim.ptx;

import java.util.List;

/**
 * The roles of a {@code call}'s operands, whichever of its forms was written: {@code call f;},
 * {@code call f, (a);}, {@code call (r), f, (a, b);} or {@code call (r), %rd1, (a), proto;}.
 *
 * @param returns the return parameters, empty if none
 * @param target the callee: a {@link SymbolRef} to a function, or a {@link Reg} for an indirect
 *     call
 * @param arguments the arguments, empty if none
 * @param prototype the call prototype of an indirect call, null if none
 */
public record CallSite(
    List<Operand> returns, Operand target, List<Operand> arguments, SymbolRef prototype) {
  /** Copies the lists. */
  public CallSite {
    returns = List.copyOf(returns);
    arguments = List.copyOf(arguments);
  }

  /**
   * Reads the operands of a call.
   *
   * @param call an instruction with opcode {@code call}
   * @return its roles
   * @throws IllegalArgumentException if the operands are not a call's
   */
  public static CallSite of(Instruction call) {
    List<Operand> operands = call.operands();
    int next = 0;
    List<Operand> returns = List.of();
    if (next < operands.size() && operands.get(next) instanceof ParamList list) {
      returns = list.items();
      next++;
    }
    if (next >= operands.size() || operands.get(next) instanceof ParamList) {
      throw new IllegalArgumentException("not a call: " + call);
    }
    Operand target = operands.get(next++);
    List<Operand> arguments = List.of();
    if (next < operands.size() && operands.get(next) instanceof ParamList list) {
      arguments = list.items();
      next++;
    }
    SymbolRef prototype = null;
    if (next < operands.size() && operands.get(next) instanceof SymbolRef ref) {
      prototype = ref;
      next++;
    }
    if (next != operands.size()) {
      throw new IllegalArgumentException("not a call: " + call);
    }
    return new CallSite(returns, target, arguments, prototype);
  }
}
