package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.ptx.CallSite;
import dev.jptx.runtime.sim.ptx.Instruction;
import dev.jptx.runtime.sim.ptx.Operand;
import dev.jptx.runtime.sim.ptx.Reg;
import dev.jptx.runtime.sim.ptx.SymbolRef;
import java.util.List;

/**
 * Control flow: {@code bra} (to an index fixed at decode time), {@code call} and {@code ret} with
 * the {@code .param} ABI, {@code exit}, {@code trap}, and the hints without effect on results.
 */
final class Control {
  private Control() {}

  static Exec decode(Instruction in, Operands ops) {
    switch (in.opcode()) {
      case "bra":
        {
          int target = ops.label(in.operands().get(0));
          return th -> target;
        }
      case "ret":
        return Frames::ret;
      case "exit":
        return th -> Status.EXIT;
      case "trap":
        return th -> {
          throw new SimulationError("trap");
        };
      case "call":
        return call(in, ops);
      default:
        return th -> th.pc + 1;
    }
  }

  private static Exec call(Instruction in, Operands ops) {
    CallSite cs = CallSite.of(in);
    int[] argOffsets = offsets(ops, cs.arguments());
    int[] argSizes = sizes(ops, cs.arguments());
    int[] retOffsets = offsets(ops, cs.returns());
    int[] retSizes = sizes(ops, cs.returns());
    if (cs.target() instanceof Reg target) {
      // an indirect call: the callee is the function whose address the register holds
      int slot = ops.register(target.name());
      Program program = ops.fd.program;
      return th -> {
        Code[] callee = {program.codeAt(th.r[slot])};
        return Frames.call(
            th,
            new dev.jptx.runtime.sim.exec.CallSite(
                callee, argOffsets, argSizes, retOffsets, retSizes));
      };
    }
    if (!(cs.target() instanceof SymbolRef callee)) {
      throw new SimulationError("a call of " + cs.target().text() + " is not supported");
    }
    if (callee.name().equals("vprintf")) {
      return Vprintf.exec(argOffsets, retOffsets);
    }
    dev.jptx.runtime.sim.exec.CallSite site =
        new dev.jptx.runtime.sim.exec.CallSite(
            new Code[1], argOffsets, argSizes, retOffsets, retSizes);
    ops.fd.calls.add(new FunctionDecoder.PendingCall(site, callee.name(), in.pos().line()));
    return th -> Frames.call(th, site);
  }

  private static int[] offsets(Operands ops, List<Operand> params) {
    int[] out = new int[params.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = (int) paramSymbol(ops, params.get(i)).address();
    }
    return out;
  }

  private static int[] sizes(Operands ops, List<Operand> params) {
    int[] out = new int[params.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = (int) paramSymbol(ops, params.get(i)).size();
    }
    return out;
  }

  private static ModuleLayout.Symbol paramSymbol(Operands ops, Operand o) {
    if (o instanceof SymbolRef s) {
      ModuleLayout.Symbol sym = ops.fd.symbol(s.name());
      if (sym != null && sym.space() == dev.jptx.runtime.sim.ptx.StateSpace.PARAM) {
        return sym;
      }
    }
    throw new SimulationError(
        "call arguments must be .param variables of the caller, not " + o.text());
  }
}
