package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.memory.GlobalMemory;
import dev.jptx.runtime.sim.ptx.PtxFunction;
import dev.jptx.runtime.sim.ptx.PtxProgram;

/**
 * Turns a parsed PTX module into a {@link Program} for one device: lays out its variables, decodes
 * every defined function, and links calls to their callees. All checking of operands happens here,
 * once, so that execution does no lookups.
 */
public final class Decoder {
  private Decoder() {}

  /**
   * Decodes {@code p}, allocating its {@code .global} variables in {@code memory}.
   *
   * @throws SimulationError naming the PTX line of an instruction the simulator cannot run
   */
  public static Program decode(PtxProgram p, GlobalMemory memory) {
    Program program = new Program(memory);
    ModuleLayout layout = new ModuleLayout(p, program, memory);
    java.util.List<FunctionDecoder> decoders = new java.util.ArrayList<>();
    for (PtxFunction f : p.functions()) {
      if (!f.defined()) {
        continue;
      }
      FunctionDecoder fd = new FunctionDecoder(f, program, layout);
      program.functions.put(f.name(), fd.decode());
      decoders.add(fd);
    }
    for (FunctionDecoder fd : decoders) {
      for (FunctionDecoder.PendingCall c : fd.calls) {
        Code callee = program.functions.get(c.callee());
        if (callee == null) {
          throw new SimulationError(
              "PTX line "
                  + c.line()
                  + ": call of "
                  + c.callee()
                  + ", which the module does not define");
        }
        c.site().callee()[0] = callee;
      }
    }
    return program;
  }
}
