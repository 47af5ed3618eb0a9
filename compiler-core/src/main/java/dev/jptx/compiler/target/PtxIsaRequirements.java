package dev.jptx.compiler.target;

import java.util.Map;

/**
 * The PTX ISA version a machine opcode needs, one row per opcode that needs a newer one than the
 * oldest target's minimum (PTX ISA manual, each instruction's "PTX ISA Notes"). A module's {@code
 * .version} is the highest of its target's minimum and these, so a module uses the lowest ISA its
 * target and features allow (API.md, {@code targets}).
 */
public final class PtxIsaRequirements {
  private static final PtxVersion NONE = new PtxVersion(0, 0);

  private static final Map<MachineOpcode, PtxVersion> ROWS =
      Map.ofEntries(
          // the .sync warp operations came with independent thread scheduling (CUDA 9)
          Map.entry(SyncOpcodes.BAR_WARP_SYNC, PtxVersion.parse("6.0")),
          Map.entry(SyncOpcodes.SHFL_SYNC_IDX, PtxVersion.parse("6.0")),
          Map.entry(SyncOpcodes.SHFL_SYNC_UP, PtxVersion.parse("6.0")),
          Map.entry(SyncOpcodes.SHFL_SYNC_DOWN, PtxVersion.parse("6.0")),
          Map.entry(SyncOpcodes.SHFL_SYNC_BFLY, PtxVersion.parse("6.0")),
          Map.entry(SyncOpcodes.VOTE_SYNC_BALLOT, PtxVersion.parse("6.0")),
          Map.entry(SyncOpcodes.VOTE_SYNC_ANY, PtxVersion.parse("6.0")),
          Map.entry(SyncOpcodes.VOTE_SYNC_ALL, PtxVersion.parse("6.0")),
          Map.entry(SyncOpcodes.ACTIVEMASK, PtxVersion.parse("6.2")));

  private PtxIsaRequirements() {}

  /** The PTX ISA version {@code op} needs; {@code 0.0} if every target's minimum has it. */
  public static PtxVersion of(MachineOpcode op) {
    return ROWS.getOrDefault(op, NONE);
  }
}
