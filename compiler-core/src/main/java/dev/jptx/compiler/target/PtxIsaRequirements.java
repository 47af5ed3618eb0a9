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

  /** What every instruction on a register class needs: {@code .b128} came with PTX ISA 8.3. */
  private static final Map<RegisterClass, PtxVersion> CLASS_ROWS =
      Map.of(RegisterClass.B128, PtxVersion.parse("8.3"));

  /** The PTX ISA version {@code op} needs; {@code 0.0} if every target's minimum has it. */
  public static PtxVersion of(MachineOpcode op) {
    PtxVersion v = ROWS.getOrDefault(op, NONE);
    for (var e : CLASS_ROWS.entrySet()) {
      boolean uses =
          op.defs().contains(e.getKey())
              || op.uses().stream().anyMatch(u -> u.registerClass() == e.getKey());
      if (uses && e.getValue().compareTo(v) > 0) {
        v = e.getValue();
      }
    }
    return v;
  }
}
