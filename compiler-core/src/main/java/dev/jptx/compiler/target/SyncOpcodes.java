package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.OperandSpec.reg;
import static dev.jptx.compiler.target.OperandSpec.regOrImm;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.PRED;

import java.util.List;

/**
 * Barriers, memory fences, warp-level operations and traps: the instructions behind {@code Gpu}'s
 * synchronization API. Barriers and fences are ordered with other memory effects; shuffles and
 * votes only exchange registers. The PTX ISA versions they need are rows of {@link
 * PtxIsaRequirements}.
 */
public final class SyncOpcodes {
  private SyncOpcodes() {}

  // CUDA's __syncthreads(): barrier 0, all threads of the block
  public static final MachineOpcode BAR_SYNC = effect("BAR_SYNC", "bar.sync 0");
  // __syncthreads_count/and/or: barrier 0, reducing a predicate over the block
  public static final MachineOpcode BAR_RED_POPC =
      barrierReduce("BAR_RED_POPC", "bar.red.popc.u32", B32);
  public static final MachineOpcode BAR_RED_AND =
      barrierReduce("BAR_RED_AND", "bar.red.and.pred", PRED);
  public static final MachineOpcode BAR_RED_OR =
      barrierReduce("BAR_RED_OR", "bar.red.or.pred", PRED);
  // __syncwarp(mask)
  public static final MachineOpcode BAR_WARP_SYNC =
      new MachineOpcode(
          "BAR_WARP_SYNC",
          ConstraintFamily.BARRIER,
          List.of(),
          List.of(regOrImm(B32)),
          "bar.warp.sync {u0}",
          true);
  // __threadfence_block(), __threadfence(), __threadfence_system()
  public static final MachineOpcode MEMBAR_CTA = effect("MEMBAR_CTA", "membar.cta");
  public static final MachineOpcode MEMBAR_GL = effect("MEMBAR_GL", "membar.gl");
  public static final MachineOpcode MEMBAR_SYS = effect("MEMBAR_SYS", "membar.sys");
  public static final MachineOpcode TRAP = effect("TRAP", "trap");

  // __shfl_*_sync(mask, v, b) on the whole warp: c = 0x1f (no segments, clamp at lane 31) for
  // idx/down/bfly and c = 0 (clamp at lane 0) for up, so an out-of-range source gives the
  // caller's own value; sources are (value, lane or delta, member mask)
  public static final MachineOpcode SHFL_SYNC_IDX = shuffle("SHFL_SYNC_IDX", "idx", 31);
  public static final MachineOpcode SHFL_SYNC_UP = shuffle("SHFL_SYNC_UP", "up", 0);
  public static final MachineOpcode SHFL_SYNC_DOWN = shuffle("SHFL_SYNC_DOWN", "down", 31);
  public static final MachineOpcode SHFL_SYNC_BFLY = shuffle("SHFL_SYNC_BFLY", "bfly", 31);
  // __ballot_sync, __any_sync, __all_sync: sources are (member mask, predicate)
  public static final MachineOpcode VOTE_SYNC_BALLOT =
      vote("VOTE_SYNC_BALLOT", "vote.sync.ballot.b32", B32);
  public static final MachineOpcode VOTE_SYNC_ANY =
      vote("VOTE_SYNC_ANY", "vote.sync.any.pred", PRED);
  public static final MachineOpcode VOTE_SYNC_ALL =
      vote("VOTE_SYNC_ALL", "vote.sync.all.pred", PRED);
  // __activemask()
  public static final MachineOpcode ACTIVEMASK =
      new MachineOpcode(
          "ACTIVEMASK",
          ConstraintFamily.WARP,
          List.of(B32),
          List.of(),
          "activemask.b32 {d0}",
          false);

  /** An instruction without operands that orders memory effects. */
  static MachineOpcode effect(String name, String ptx) {
    return new MachineOpcode(name, ConstraintFamily.BARRIER, List.of(), List.of(), ptx, true);
  }

  /** {@code bar.red.op d, 0, p}: a block barrier giving a reduction of {@code p}. */
  private static MachineOpcode barrierReduce(String name, String ptx, RegisterClass result) {
    return new MachineOpcode(
        name,
        ConstraintFamily.BARRIER,
        List.of(result),
        List.of(reg(PRED)),
        ptx + " {d0}, 0, {u0}",
        true);
  }

  private static MachineOpcode shuffle(String name, String mode, int clamp) {
    return new MachineOpcode(
        name,
        ConstraintFamily.WARP,
        List.of(B32),
        List.of(reg(B32), regOrImm(B32), regOrImm(B32)),
        "shfl.sync." + mode + ".b32 {d0}, {u0}, {u1}, " + clamp + ", {u2}",
        false);
  }

  private static MachineOpcode vote(String name, String ptx, RegisterClass result) {
    return new MachineOpcode(
        name,
        ConstraintFamily.WARP,
        List.of(result),
        List.of(regOrImm(B32), reg(PRED)),
        ptx + " {d0}, {u1}, {u0}",
        false);
  }

  /** Every row of this table. */
  public static List<MachineOpcode> rows() {
    return List.of(
        BAR_SYNC,
        BAR_RED_POPC,
        BAR_RED_AND,
        BAR_RED_OR,
        BAR_WARP_SYNC,
        MEMBAR_CTA,
        MEMBAR_GL,
        MEMBAR_SYS,
        TRAP,
        SHFL_SYNC_IDX,
        SHFL_SYNC_UP,
        SHFL_SYNC_DOWN,
        SHFL_SYNC_BFLY,
        VOTE_SYNC_BALLOT,
        VOTE_SYNC_ANY,
        VOTE_SYNC_ALL,
        ACTIVEMASK);
  }
}
