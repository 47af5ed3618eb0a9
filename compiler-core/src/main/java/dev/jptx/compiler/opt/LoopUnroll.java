package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import dev.jptx.compiler.opt.analysis.TripCount;
import dev.jptx.compiler.stats.PassCounters;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fully unrolls innermost loops with a constant trip count (seed: LLVM's {@code LoopUnrollPass},
 * full unrolling only). The loops considered are those innermost when the pass starts, so of two
 * nested loops only the inner one is unrolled in a run, even if the outer one then qualifies.
 *
 * <p>A loop qualifies if {@link TripCount} knows how many times its exiting block runs ({@code R}),
 * and {@code R} times its instruction count, less what folds in every copy ({@link
 * #foldedInEveryCopy}), is at most the threshold; and it has no call and no {@code alloca} (each
 * copy would be a new object). Barriers, shuffles and votes are copied: every thread runs the same
 * constant number of copies in the same order as it ran the iterations, so each thread meets the
 * same sequence of them; a tree reduction's {@code for (s = 128; s > 0; s >>= 1)} with its barrier
 * becomes straight-line code. Loads, stores and atomics are copied in order, which preserves their
 * effects.
 *
 * <p>Algorithm: the original blocks become the last run, and {@code R - 1} copies of all the loop's
 * blocks are placed before the header in the layout, each entered from the previous one's latch
 * (the first from the outside predecessor). In a copy the header phis are not copied: a phi stands
 * for the value entering from outside (first copy) or the previous copy's value from the latch, and
 * the exiting branch becomes a jump into the loop. In the last run (the original blocks) each
 * header phi is replaced by its incoming value and the exiting branch jumps to the exit; the blocks
 * it no longer reaches (the body of a top-tested loop) are removed, with any block that was
 * unreachable before. Because the last run keeps the original values, uses after the loop,
 * exit-block phis included, read the last iteration's values without any rewriting. The induction
 * variable becomes a constant in every copy; constant folding, value numbering, DCE and simplifycfg
 * afterwards clean up the arithmetic and the jump chains.
 *
 * <p>Requires nothing; preserves SSA; changes the CFG (adds and removes blocks).
 */
public final class LoopUnroll implements FunctionPass {
  /** The default of the {@code unroll-threshold} knob, in IR instructions after unrolling. */
  public static final int DEFAULT_THRESHOLD = 256;

  private final int threshold;

  /** A pass that unrolls a loop if its runs times its size is at most {@code threshold}. */
  public LoopUnroll(int threshold) {
    this.threshold = threshold;
  }

  /** A pass with the default threshold. */
  public LoopUnroll() {
    this(DEFAULT_THRESHOLD);
  }

  @Override
  public String name() {
    return "unroll";
  }

  @Override
  public boolean run(Function f) {
    return InnermostLoops.transformEach(f, this::unroll);
  }

  private boolean unroll(Function f, LoopInfo.Loop loop) {
    if (loop.header().equals(f.entry()) || !copyable(f, loop)) {
      return false;
    }
    long size = loop.blocks().stream().mapToLong(b -> f.insts(b).size()).sum();
    // what folds away in every copy does not count: the copies' size after constant folding
    long unrolledSize = Math.max(1, size - foldedInEveryCopy(f, loop));
    TripCount.Result count =
        TripCount.of(f, loop, Math.max(1, threshold / Math.max(1, unrolledSize)));
    if (count == null || count.runs() * unrolledSize > threshold) {
      return false;
    }
    // blocks no path reaches may still branch into the loop, and phis there may name them; they
    // would be left pointing at removed or copied blocks, so they go first
    removeUnreachable(f);
    new Unrolling(f, loop).run((int) count.runs());
    PassCounters.add("loops unrolled", 1);
    return true;
  }

  /**
   * How many of the loop's instructions become constants, or jumps, in each unrolled copy (seed:
   * LLVM's {@code analyzeLoopUnrollCost}, which simulates the copies' simplification): the header
   * phis that start from a constant and step by what folds, and every pure instruction and
   * conditional branch whose operands are all constants or such values. An induction variable's
   * step, its test and the arithmetic of constant indices ({@code k * 16}) fold; what the copies
   * really run is the rest.
   */
  static long foldedInEveryCopy(Function f, LoopInfo.Loop loop) {
    Block header = loop.header();
    Block latch = loop.latches().get(0);
    Set<Value> constantPhis = new HashSet<>();
    for (Inst p : PhiEdges.phis(f, header)) {
      for (Block pred : loop.outsidePredecessors()) {
        InstData.Phi phi = (InstData.Phi) f.data(p);
        if (f.isConstant(phi.valueFrom(pred))) {
          constantPhis.add(f.result(p));
        }
      }
    }
    while (true) {
      Set<Value> folded = new HashSet<>(constantPhis);
      long count = constantPhis.size();
      for (Block b : f.blocks()) {
        if (!loop.contains(b)) {
          continue;
        }
        for (Inst i : f.insts(b)) {
          InstData d = f.data(i);
          boolean operandsFold =
              d.operands().stream().allMatch(v -> f.isConstant(v) || folded.contains(v));
          if (operandsFold && PureOps.isPure(d)) {
            folded.add(f.result(i));
            count++;
          } else if (operandsFold && d instanceof InstData.Branch) {
            count++;
          }
        }
      }
      // a phi whose next value does not fold is no constant in the copies after the first
      Set<Value> stable = new HashSet<>();
      for (Inst p : PhiEdges.phis(f, header)) {
        Value next = ((InstData.Phi) f.data(p)).valueFrom(latch);
        if (constantPhis.contains(f.result(p)) && (f.isConstant(next) || folded.contains(next))) {
          stable.add(f.result(p));
        }
      }
      if (stable.equals(constantPhis)) {
        return count;
      }
      constantPhis = stable;
    }
  }

  /**
   * Removes every block the entry does not reach, with its entries in reachable blocks' phis: the
   * body of a top-tested loop after its last run, and blocks earlier passes left unreachable.
   */
  static void removeUnreachable(Function f) {
    Cfg cfg = Cfg.of(f);
    List<Block> dead = f.blocks().stream().filter(b -> !cfg.isReachable(b)).toList();
    for (Block b : dead) {
      for (Block s : f.successors(b)) {
        PhiEdges.removeIncoming(f, s, b);
      }
    }
    dead.forEach(f::removeBlock);
  }

  private static boolean copyable(Function f, LoopInfo.Loop loop) {
    for (Block b : loop.blocks()) {
      for (Inst i : f.insts(b)) {
        InstData d = f.data(i);
        boolean ok =
            switch (d.opcode()) {
              case CALL, ALLOCA -> false;
              default -> true;
            };
        if (!ok) {
          return false;
        }
      }
    }
    return true;
  }

  /** The rewriting of one loop; see the class comment. */
  private static final class Unrolling {
    private final Function f;
    private final LoopInfo.Loop loop;
    private final Block header;
    private final Block latch;
    private final Block outside;
    private final Block exiting;
    private final List<Inst> headerPhis;

    Unrolling(Function f, LoopInfo.Loop loop) {
      this.f = f;
      this.loop = loop;
      this.header = loop.header();
      this.latch = loop.latches().get(0);
      this.outside = loop.outsidePredecessors().get(0);
      this.exiting =
          loop.blocks().stream()
              .filter(b -> f.successors(b).stream().anyMatch(s -> !loop.contains(s)))
              .findFirst()
              .orElseThrow();
      this.headerPhis = PhiEdges.phis(f, header);
    }

    void run(int runs) {
      // the values the header phis take on the current run, starting with the first
      Map<Inst, Value> entering = new HashMap<>();
      for (Inst p : headerPhis) {
        entering.put(p, ((InstData.Phi) f.data(p)).valueFrom(outside));
      }
      Block after = f.blocks().get(f.blocks().indexOf(header) - 1);
      Block firstCopy = null;
      Block previousLatch = null;
      for (int k = 0; k < runs - 1; k++) {
        Map<Value, Value> values = new HashMap<>();
        LoopBlockCopy blocks = copy(entering, values, after);
        after = blocks.last();
        if (previousLatch == null) {
          firstCopy = blocks.get(header);
        } else {
          LoopBlockCopy.retarget(f, previousLatch, header, blocks.get(header));
        }
        previousLatch = blocks.get(latch);
        Map<Inst, Value> next = new HashMap<>();
        for (Inst p : headerPhis) {
          Value v = ((InstData.Phi) f.data(p)).valueFrom(latch);
          next.put(p, values.getOrDefault(v, v));
        }
        entering = next;
      }
      if (firstCopy != null) {
        LoopBlockCopy.retarget(f, outside, header, firstCopy);
        // the last copy's latch jumps to the original header, which is the last run
      }
      for (Inst p : headerPhis) {
        f.replaceAllUses(f.result(p), entering.get(p));
        f.remove(p);
      }
      InstData.Branch br = (InstData.Branch) f.data(f.terminator(exiting));
      Block exit = loop.contains(br.ifTrue()) ? br.ifFalse() : br.ifTrue();
      Block stay = loop.contains(br.ifTrue()) ? br.ifTrue() : br.ifFalse();
      f.setData(f.terminator(exiting), new InstData.Jump(exit));
      PhiEdges.removeIncoming(f, stay, exiting);
      removeUnreachable(f);
    }

    /**
     * One copy of the loop's blocks after {@code after} ({@link LoopBlockCopy}), each header phi
     * replaced by the value {@code entering} gives it, the exiting branch made a jump to its
     * in-loop target, the back edge to the original header (the caller retargets it). {@code
     * values} receives every copied result, and the phis' stand-ins.
     */
    private LoopBlockCopy copy(Map<Inst, Value> entering, Map<Value, Value> values, Block after) {
      LoopBlockCopy blocks = LoopBlockCopy.of(f, List.copyOf(loop.blocks()), values, after);
      Block headerCopy = blocks.get(header);
      for (Inst p : headerPhis) {
        Value copied = values.get(f.result(p));
        Inst phi = f.definingInst(copied);
        f.replaceAllUses(copied, entering.get(p));
        f.remove(phi);
        values.put(f.result(p), entering.get(p));
      }
      InstData.Branch br = (InstData.Branch) f.data(f.terminator(exiting));
      Block stay = loop.contains(br.ifTrue()) ? br.ifTrue() : br.ifFalse();
      f.setData(f.terminator(blocks.get(exiting)), new InstData.Jump(blocks.get(stay)));
      // the copy's header is entered only from the copy before it, never along its back edge
      LoopBlockCopy.retarget(f, blocks.get(latch), headerCopy, header);
      return blocks;
    }
  }
}
