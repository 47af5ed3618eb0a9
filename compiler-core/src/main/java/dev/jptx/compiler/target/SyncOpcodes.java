package dev.jptx.compiler.target;

import static dev.jptx.compiler.target.ConstraintFamily.BARRIER;
import static dev.jptx.compiler.target.ConstraintFamily.WARP;
import static dev.jptx.compiler.target.OperandSpec.reg;
import static dev.jptx.compiler.target.OperandSpec.regOrImm;
import static dev.jptx.compiler.target.RegisterClass.B32;
import static dev.jptx.compiler.target.RegisterClass.PRED;
import static dev.jptx.compiler.target.Rows.effectful;
import static dev.jptx.compiler.target.Rows.pure;

import java.util.List;

/**
 * Barriers, memory fences, warp-level operations and traps: the instructions behind {@code Gpu}'s
 * synchronization API. Barriers and fences are ordered with other memory effects; shuffles and
 * votes only exchange registers. The {@code .sync} warp operations came with independent thread
 * scheduling (CUDA 9, PTX ISA 6.0), {@code activemask} with PTX ISA 6.2.
 */
public enum SyncOpcodes implements MachineOpcode {
  // spotless:off
  // CUDA's __syncthreads(): barrier 0, all threads of the block
  BAR_SYNC        ("any", effect("bar.sync 0")),
  // __syncthreads_count/and/or: barrier 0, reducing a predicate over the block
  BAR_RED_POPC    ("any", barrierReduce("bar.red.popc.u32", B32)),
  BAR_RED_AND     ("any", barrierReduce("bar.red.and.pred", PRED)),
  BAR_RED_OR      ("any", barrierReduce("bar.red.or.pred", PRED)),
  // __syncwarp(mask)
  BAR_WARP_SYNC   ("6.0", effectful(BARRIER, "bar.warp.sync {u0}", List.of(), regOrImm(B32))),
  // __threadfence_block(), __threadfence(), __threadfence_system()
  MEMBAR_CTA      ("any", effect("membar.cta")),
  MEMBAR_GL       ("any", effect("membar.gl")),
  MEMBAR_SYS      ("any", effect("membar.sys")),
  TRAP            ("any", effect("trap")),

  // __shfl_*_sync(mask, v, b) on the whole warp: c = 0x1f (no segments, clamp at lane 31) for
  // idx/down/bfly and c = 0 (clamp at lane 0) for up, so an out-of-range source gives the
  // caller's own value; sources are (value, lane or delta, member mask)
  SHFL_SYNC_IDX   ("6.0", shuffle("idx", 31)),
  SHFL_SYNC_UP    ("6.0", shuffle("up", 0)),
  SHFL_SYNC_DOWN  ("6.0", shuffle("down", 31)),
  SHFL_SYNC_BFLY  ("6.0", shuffle("bfly", 31)),
  // __ballot_sync, __any_sync, __all_sync: sources are (member mask, predicate)
  VOTE_SYNC_BALLOT("6.0", vote("vote.sync.ballot.b32", B32)),
  VOTE_SYNC_ANY   ("6.0", vote("vote.sync.any.pred", PRED)),
  VOTE_SYNC_ALL   ("6.0", vote("vote.sync.all.pred", PRED)),
  // __activemask()
  ACTIVEMASK      ("6.2", pure(WARP, "activemask.b32 {d0}", List.of(B32)));
  // spotless:on

  private final PtxVersion ptxIsa;
  private final OpcodeShape shape;

  SyncOpcodes(String ptxIsa, OpcodeShape shape) {
    this.ptxIsa = PtxIsa.parseColumn(ptxIsa);
    this.shape = shape;
  }

  @Override
  public PtxVersion ptxIsa() {
    return ptxIsa;
  }

  @Override
  public OpcodeShape shape() {
    return shape;
  }

  /** An instruction without operands that orders memory effects. */
  private static OpcodeShape effect(String ptx) {
    return effectful(BARRIER, ptx, List.of());
  }

  /** {@code bar.red.op d, 0, p}: a block barrier giving a reduction of {@code p}. */
  private static OpcodeShape barrierReduce(String ptx, RegisterClass result) {
    return effectful(BARRIER, ptx + " {d0}, 0, {u0}", List.of(result), reg(PRED));
  }

  private static OpcodeShape shuffle(String mode, int clamp) {
    return pure(
        WARP,
        "shfl.sync." + mode + ".b32 {d0}, {u0}, {u1}, " + clamp + ", {u2}",
        List.of(B32),
        reg(B32),
        regOrImm(B32),
        regOrImm(B32));
  }

  private static OpcodeShape vote(String ptx, RegisterClass result) {
    return pure(WARP, ptx + " {d0}, {u1}, {u0}", List.of(result), regOrImm(B32), reg(PRED));
  }
}
