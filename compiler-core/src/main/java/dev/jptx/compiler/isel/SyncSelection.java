package dev.jptx.compiler.isel;

import static dev.jptx.compiler.isel.IntrinsicRow.of;

import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.target.SyncOpcodes;
import java.util.List;

/** The selection rows of barriers, fences, warp operations and traps. */
final class SyncSelection {
  private SyncSelection() {}

  static List<IntrinsicRow> rows() {
    return List.of(
        of(Intrinsic.BARRIER, null, SyncOpcodes.BAR_SYNC),
        of(Intrinsic.BARRIER_POPC, null, SyncOpcodes.BAR_RED_POPC),
        of(Intrinsic.BARRIER_AND, null, SyncOpcodes.BAR_RED_AND),
        of(Intrinsic.BARRIER_OR, null, SyncOpcodes.BAR_RED_OR),
        of(Intrinsic.SYNCWARP, null, SyncOpcodes.BAR_WARP_SYNC),
        of(Intrinsic.FENCE_BLOCK, null, SyncOpcodes.MEMBAR_CTA),
        of(Intrinsic.FENCE_GPU, null, SyncOpcodes.MEMBAR_GL),
        of(Intrinsic.FENCE_SYSTEM, null, SyncOpcodes.MEMBAR_SYS),
        of(Intrinsic.TRAP, null, SyncOpcodes.TRAP),
        of(Intrinsic.SHFL_IDX, null, SyncOpcodes.SHFL_SYNC_IDX),
        of(Intrinsic.SHFL_UP, null, SyncOpcodes.SHFL_SYNC_UP),
        of(Intrinsic.SHFL_DOWN, null, SyncOpcodes.SHFL_SYNC_DOWN),
        of(Intrinsic.SHFL_XOR, null, SyncOpcodes.SHFL_SYNC_BFLY),
        of(Intrinsic.VOTE_BALLOT, null, SyncOpcodes.VOTE_SYNC_BALLOT),
        of(Intrinsic.VOTE_ANY, null, SyncOpcodes.VOTE_SYNC_ANY),
        of(Intrinsic.VOTE_ALL, null, SyncOpcodes.VOTE_SYNC_ALL),
        of(Intrinsic.ACTIVEMASK, null, SyncOpcodes.ACTIVEMASK));
  }
}
