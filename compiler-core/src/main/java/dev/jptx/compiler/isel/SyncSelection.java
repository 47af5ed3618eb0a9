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
        of(Intrinsic.FENCE_BLOCK, null, SyncOpcodes.MEMBAR_CTA),
        of(Intrinsic.FENCE_GPU, null, SyncOpcodes.MEMBAR_GL),
        of(Intrinsic.FENCE_SYSTEM, null, SyncOpcodes.MEMBAR_SYS),
        of(Intrinsic.TRAP, null, SyncOpcodes.TRAP));
  }
}
