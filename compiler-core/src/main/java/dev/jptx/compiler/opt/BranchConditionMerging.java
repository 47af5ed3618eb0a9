package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import java.util.List;
import java.util.Objects;

/**
 * Merges two branches to a common destination into one branch on a combined condition (LLVM
 * SimplifyCFG's FoldBranchToCommonDest): when {@code A} branches to {@code S} or to {@code B}, and
 * {@code B}, reached only from {@code A}, computes a few cheap values and branches to {@code S} or
 * to {@code X}, then {@code A} computes {@code B}'s values itself and branches to {@code S} or
 * {@code X} on {@code c1 | c2} (with the conditions negated as the edges require). This is the
 * shape of {@code &&} and {@code ||}; afterwards {@code S}, with one predecessor fewer, is often an
 * arm that {@link SelectFormation} turns into selects.
 *
 * <p>Conditions: {@code S}'s phis take the same value from {@code A} and {@code B}, and the two
 * branches are not loop exits (loop passes read a loop's exit branches one compare at a time).
 */
final class BranchConditionMerging {
  private BranchConditionMerging() {}

  /** Merges one pair of branches of {@code f}; true if it changed something. */
  static boolean run(Function f) {
    Cfg cfg = Cfg.of(f);
    LoopInfo loops = null;
    for (Block a : f.blocks()) {
      if (!(f.data(f.terminator(a)) instanceof InstData.Branch br)) {
        continue;
      }
      for (Block b : List.of(br.ifTrue(), br.ifFalse())) {
        Block s = b.equals(br.ifTrue()) ? br.ifFalse() : br.ifTrue();
        if (!mergeable(f, cfg, a, b, s)) {
          continue;
        }
        if (loops == null) {
          loops = LoopInfo.of(f, cfg, DominatorTree.of(f, cfg));
        }
        InstData.Branch second = (InstData.Branch) f.data(f.terminator(b));
        Block x = second.ifTrue().equals(s) ? second.ifFalse() : second.ifTrue();
        if (!isLoopExit(loops, a, s) && !isLoopExit(loops, a, x) && sameLoop(loops, a, b)) {
          merge(f, a, br, b, second, s, x);
          return true;
        }
      }
    }
    return false;
  }

  private static boolean mergeable(Function f, Cfg cfg, Block a, Block b, Block s) {
    if (b.equals(a)
        || s.equals(a)
        || s.equals(b)
        || b.equals(f.entry())
        || !cfg.predecessors(b).equals(List.of(a))
        || !(f.data(f.terminator(b)) instanceof InstData.Branch second)) {
      return false;
    }
    boolean toS = second.ifTrue().equals(s) || second.ifFalse().equals(s);
    Block x = second.ifTrue().equals(s) ? second.ifFalse() : second.ifTrue();
    if (!toS || x.equals(s) || x.equals(b)) {
      return false;
    }
    List<Inst> insts = f.insts(b);
    if (insts.size() > SelectFormation.MAX_ARM_INSTRUCTIONS + 1) {
      return false;
    }
    for (Inst i : insts.subList(0, insts.size() - 1)) {
      if (!SelectFormation.isCheap(f.data(i))) {
        return false;
      }
    }
    for (Inst p : PhiEdges.phis(f, s)) {
      InstData.Phi phi = (InstData.Phi) f.data(p);
      if (!Objects.equals(phi.valueFrom(a), phi.valueFrom(b))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isLoopExit(LoopInfo loops, Block from, Block to) {
    var loop = loops.loopFor(from);
    return loop != null && !loop.contains(to);
  }

  private static boolean sameLoop(LoopInfo loops, Block a, Block b) {
    return Objects.equals(loops.loopFor(a), loops.loopFor(b));
  }

  private static void merge(
      Function f,
      Block a,
      InstData.Branch first,
      Block b,
      InstData.Branch second,
      Block s,
      Block x) {
    Inst branch = f.terminator(a);
    int line = f.line(branch);
    for (Inst i : List.copyOf(f.insts(b))) {
      if (!(f.data(i) instanceof InstData.Branch)) {
        f.moveBefore(i, branch);
      }
    }
    // to S when A's condition sends it there directly, or B's condition does
    Value toSFromA =
        first.ifTrue().equals(s)
            ? first.condition()
            : Negation.of(f, branch, first.condition(), line);
    Value toSFromB =
        second.ifTrue().equals(s)
            ? second.condition()
            : Negation.of(f, branch, second.condition(), line);
    Value toS =
        f.result(
            f.insertBefore(
                branch, new InstData.Binary(Opcode.OR, toSFromA, toSFromB), ScalarType.I1, line));
    f.setData(branch, new InstData.Branch(toS, s, x));
    PhiEdges.removeIncoming(f, s, b);
    PhiEdges.replaceIncoming(f, x, b, List.of(a));
    f.removeBlock(b);
  }
}
