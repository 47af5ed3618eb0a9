package dev.jptx.compiler.target;

import java.util.List;

/**
 * Barriers, memory fences, warp-level operations and traps: the instructions behind {@code Gpu}'s
 * synchronization API. All are ordered with other memory effects.
 */
public final class SyncOpcodes {
  private SyncOpcodes() {}

  // CUDA's __syncthreads(): barrier 0, all threads of the block
  public static final MachineOpcode BAR_SYNC = effect("BAR_SYNC", "bar.sync 0");
  // __threadfence_block(), __threadfence(), __threadfence_system()
  public static final MachineOpcode MEMBAR_CTA = effect("MEMBAR_CTA", "membar.cta");
  public static final MachineOpcode MEMBAR_GL = effect("MEMBAR_GL", "membar.gl");
  public static final MachineOpcode MEMBAR_SYS = effect("MEMBAR_SYS", "membar.sys");
  public static final MachineOpcode TRAP = effect("TRAP", "trap");

  /** An instruction without operands that orders memory effects. */
  static MachineOpcode effect(String name, String ptx) {
    return new MachineOpcode(name, ConstraintFamily.BARRIER, List.of(), List.of(), ptx, true);
  }

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(BAR_SYNC, MEMBAR_CTA, MEMBAR_GL, MEMBAR_SYS, TRAP);
  }
}
