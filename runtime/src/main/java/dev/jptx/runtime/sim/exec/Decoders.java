package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.ptx.Instruction;

/** Chooses the family decoder of an instruction by its opcode. */
final class Decoders {
  private Decoders() {}

  static Exec decode(Instruction in, Operands ops) {
    return switch (in.opcode()) {
      case "add", "sub", "mul", "mad", "fma", "div", "rem", "abs", "neg", "min", "max" ->
          Arithmetic.decode(in, ops);
      case "mul24",
          "mad24",
          "sad",
          "popc",
          "clz",
          "brev",
          "bfind",
          "bfe",
          "bfi",
          "prmt",
          "shf",
          "shl",
          "shr",
          "and",
          "or",
          "xor",
          "not",
          "cnot",
          "lop3",
          "addc",
          "subc",
          "madc",
          "dp4a",
          "dp2a" ->
          IntegerOps.decode(in, ops);
      case "rcp", "sqrt", "rsqrt", "ex2", "lg2", "sin", "cos", "tanh", "copysign", "testp" ->
          FloatOps.decode(in, ops);
      case "setp", "set", "selp", "slct" -> Comparisons.decode(in, ops);
      case "mov", "cvt", "cvta" -> Moves.decode(in, ops);
      case "ld", "ldu", "st", "atom", "red", "prefetch", "prefetchu" -> MemoryOps.decode(in, ops);
      case "bra", "call", "ret", "exit", "trap", "brkpt", "nanosleep", "pmevent" ->
          Control.decode(in, ops);
      case "bar", "barrier", "membar", "fence", "shfl", "vote", "activemask" ->
          SyncOps.decode(in, ops);
      default ->
          throw new SimulationError(
              "instruction '" + in.opcode() + "' is not supported by the simulator");
    };
  }
}
