package dev.jptx.compiler.mir;

import java.util.List;

/**
 * What the PTX printer writes for one target: the module's variables and its functions (kernels and
 * device functions) in machine IR.
 */
public record MachineModule(List<PtxGlobal> globals, List<MachineFunction> functions) {
  /** Copies the lists. */
  public MachineModule {
    globals = List.copyOf(globals);
    functions = List.copyOf(functions);
  }
}
