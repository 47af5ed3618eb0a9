package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.mir.MachineFunction;

/**
 * A register allocator: decides, without changing the function, what to spill and which register
 * each value gets. {@link RegisterAllocation} makes the edits and has them checked.
 */
public interface RegisterAllocator {
  /**
   * The allocation of {@code f} (out of SSA) such that at no point more than {@code budget} 32-bit
   * units of data registers are live, as far as spilling can bring it there; {@link
   * Integer#MAX_VALUE} for no budget (nothing is spilled).
   */
  Allocation allocate(MachineFunction f, int budget);
}
