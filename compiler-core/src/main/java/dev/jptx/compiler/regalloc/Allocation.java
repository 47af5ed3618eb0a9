package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.mir.FrameObject;
import dev.jptx.compiler.mir.VReg;
import java.util.List;

/**
 * What an allocator decided for a function, as edits still to be made: the registers to spill, in
 * order, each to its own slot or to be recomputed where read, and then (on the function with that
 * spill code) the register each virtual register is given, as an index within its class.
 *
 * @param spills the registers to spill everywhere and their slots
 * @param registerOf per virtual register id, its register within its class; -1 if it is unused
 */
public record Allocation(List<Spill> spills, int[] registerOf) {
  /** Copies the list. */
  public Allocation {
    spills = List.copyOf(spills);
  }

  /**
   * A register kept in {@code slot} instead of a register: stored after each definition, reloaded
   * before each use; or, without a slot, recomputed before each use ({@link Remat}).
   *
   * @param reg the spilled register
   * @param slot its {@code .local} slot, or null if it is rematerialized
   */
  public record Spill(VReg reg, FrameObject slot) {}
}
