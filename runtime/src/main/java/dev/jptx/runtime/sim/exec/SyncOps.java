package dev.jptx.runtime.sim.exec;

import dev.jptx.runtime.sim.ptx.Instruction;
import dev.jptx.runtime.sim.ptx.IntImm;
import dev.jptx.runtime.sim.ptx.Operand;
import dev.jptx.runtime.sim.ptx.Pair;
import dev.jptx.runtime.sim.ptx.PtxType;
import java.util.List;

/**
 * Synchronization: {@code bar}/{@code barrier} (sync, arrive, red), {@code bar.warp.sync}, {@code
 * shfl.sync}, {@code vote.sync}, {@code activemask}, and the fences, which change nothing here
 * because threads run one at a time and every write is seen at once.
 */
final class SyncOps {
  private SyncOps() {}

  static Exec decode(Instruction in, Operands ops) {
    switch (in.opcode()) {
      case "membar", "fence":
        return th -> th.pc + 1;
      case "activemask":
        {
          int d = ops.dst(in.operands().get(0));
          return th -> Arithmetic.next(th, d, th.block.warps.activeMask(th));
        }
      case "shfl":
        return shuffle(in, ops);
      case "vote":
        return vote(in, ops);
      default:
        return barrier(in, ops);
    }
  }

  private static Exec barrier(Instruction in, Operands ops) {
    List<Operand> o = in.operands();
    if (in.hasModifier("warp")) {
      int mask = ops.src(o.get(0), PtxType.B32);
      return th ->
          th.block.warps.arrive(th, WarpCollectives.WARP_SYNC, (int) th.r[mask], 0, 0, 0, -1, -1);
    }
    boolean red = in.hasModifier("red");
    boolean arrive = in.hasModifier("arrive");
    int first = red ? 1 : 0;
    int dest = red ? ops.dst(o.get(0)) : -1;
    int id = o.size() > first ? ops.src(o.get(first), PtxType.U32) : ops.fd.constant(0);
    int kind;
    int count = -1;
    int pred = -1;
    if (red) {
      kind =
          in.hasModifier("popc")
              ? Barriers.POPC
              : in.hasModifier("and") ? Barriers.AND : Barriers.OR;
      // bar.red.op d, a{, b}, {!}c: the predicate is the last operand
      pred = ops.src(o.get(o.size() - 1), PtxType.PRED);
      if (o.size() == 4) {
        count = ops.src(o.get(2), PtxType.U32);
      }
    } else {
      kind = Barriers.SYNC;
      if (o.size() > 1) {
        count = ops.src(o.get(1), PtxType.U32);
      }
    }
    int k = kind;
    int c = count;
    int p = pred;
    boolean wait = !arrive;
    return th ->
        th.block.barriers.arrive(
            th, (int) th.r[id], c >= 0 ? (int) th.r[c] : 0, k, p >= 0 ? th.r[p] : 0, dest, wait);
  }

  private static Exec shuffle(Instruction in, Operands ops) {
    List<Operand> o = in.operands();
    int kind =
        in.hasModifier("up")
            ? WarpCollectives.SHFL_UP
            : in.hasModifier("down")
                ? WarpCollectives.SHFL_DOWN
                : in.hasModifier("bfly") ? WarpCollectives.SHFL_BFLY : WarpCollectives.SHFL_IDX;
    int d;
    int p = -1;
    if (o.get(0) instanceof Pair pair) {
      d = ops.dst(pair.first());
      p = ops.dst(pair.second());
    } else {
      d = ops.dst(o.get(0));
    }
    int a = ops.src(o.get(1), PtxType.B32);
    int b = ops.src(o.get(2), PtxType.B32);
    int c = ops.src(o.get(3), PtxType.B32);
    int mask = o.size() > 4 ? ops.src(o.get(4), PtxType.B32) : ops.fd.constant(0xFFFF_FFFFL);
    int pp = p;
    return th ->
        th.block.warps.arrive(
            th, kind, (int) th.r[mask], th.r[a] & 0xFFFF_FFFFL, th.r[b], th.r[c], d, pp);
  }

  private static Exec vote(Instruction in, Operands ops) {
    List<Operand> o = in.operands();
    int kind =
        in.hasModifier("ballot")
            ? WarpCollectives.VOTE_BALLOT
            : in.hasModifier("all")
                ? WarpCollectives.VOTE_ALL
                : in.hasModifier("any") ? WarpCollectives.VOTE_ANY : WarpCollectives.VOTE_UNI;
    int d = ops.dst(o.get(0));
    int a = ops.src(o.get(1), PtxType.PRED);
    int mask =
        o.size() > 2
            ? ops.src(o.get(2), PtxType.B32)
            : ops.fd.constant(o.get(1) instanceof IntImm ? 0 : 0xFFFF_FFFFL);
    return th -> th.block.warps.arrive(th, kind, (int) th.r[mask], th.r[a], 0, 0, d, -1);
  }
}
