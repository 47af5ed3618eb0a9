package dev.jptx.compiler.target;

/**
 * An opcode of a product table ({@link MemoryOpcodes}, {@link AtomicOpcodes}), named by the table
 * from the factors it combines ({@code LD_GLOBAL_NC_F32}); its PTX ISA version is its factor row's.
 */
record GeneratedOpcode(String name, PtxVersion ptxIsa, OpcodeShape shape) implements MachineOpcode {
  @Override
  public String toString() {
    return name;
  }
}
