package dev.jptx.compiler.mir;

/** A virtual register: a handle into the register table of its {@link MachineFunction}. */
public record VReg(int id) {
  @Override
  public String toString() {
    return "%" + id;
  }
}
