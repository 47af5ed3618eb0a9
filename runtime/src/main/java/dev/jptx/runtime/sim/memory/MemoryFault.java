package dev.jptx.runtime.sim.memory;

import dev.jptx.runtime.sim.ptx.StateSpace;

/**
 * An access the simulator refused: outside every allocation, across an allocation's end, or not
 * aligned to its size. Thrown inside the engine and reported to the user with the PTX line, the
 * thread and the block; never a silent corruption.
 */
public final class MemoryFault extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final StateSpace space;
  private final long address;

  /** A fault of an access of {@code size} bytes at {@code address} in {@code space}. */
  public MemoryFault(String what, StateSpace space, long address, int size) {
    super(
        what
            + ": "
            + size
            + "-byte access at "
            + space.modifier()
            + " address 0x"
            + Long.toHexString(address));
    this.space = space;
    this.address = address;
  }

  /** The state space of the access. */
  public StateSpace space() {
    return space;
  }

  /** The address of the access. */
  public long address() {
    return address;
  }
}
