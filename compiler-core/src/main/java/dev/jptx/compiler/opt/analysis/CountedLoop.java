package dev.jptx.compiler.opt.analysis;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;
import java.util.List;

/**
 * A loop tested at the top against a loop-invariant bound, in the form the front end builds for
 * {@code for (i = start; i < n; i += step)}: the shape runtime unrolling needs to know how many
 * iterations are left without running them.
 *
 * <p>The loop has one outside predecessor of its header and one latch; its header holds only phis,
 * one {@code icmp} and the {@code br} that reads it (so nothing the body uses is computed there,
 * and nothing is lost when the test is skipped); that branch is the loop's only exit, one target in
 * the loop (the body's entry, reached only from the header) and one outside. The comparison reads a
 * header phi {@code i = phi [outside: start], [latch: i + step]} of type {@code i32} or {@code
 * i64}, with {@code step} a nonzero constant, and a {@code bound} defined outside the loop.
 *
 * <p>{@link #predicate} is normalised so that the loop <em>continues</em> while {@code i predicate
 * bound} holds, whichever operand order and branch polarity the source had.
 *
 * <p>A pure analysis of one loop; a snapshot.
 */
public record CountedLoop(
    LoopInfo.Loop loop,
    Block outside,
    Block latch,
    Block bodyEntry,
    Block exit,
    Inst phi,
    Value start,
    long step,
    CmpPredicate predicate,
    Value bound) {

  /** The header of the loop. */
  public Block header() {
    return loop.header();
  }

  /** The induction variable's type, {@code i32} or {@code i64}. */
  public ScalarType type(Function f) {
    return (ScalarType) f.type(f.result(phi));
  }

  /** The loop's blocks other than its header, in layout order: what one iteration runs. */
  public List<Block> body(Function f) {
    return f.blocks().stream().filter(b -> loop.contains(b) && !b.equals(header())).toList();
  }

  /** The counted-loop form of {@code loop}, or null if it does not have it. */
  public static CountedLoop of(Function f, LoopInfo.Loop loop) {
    if (loop.latches().size() != 1 || loop.outsidePredecessors().size() != 1) {
      return null;
    }
    Block header = loop.header();
    Block latch = loop.latches().get(0);
    if (latch.equals(header)
        || !(f.data(f.terminator(latch)) instanceof InstData.Jump)
        || !onlyExitIsHeader(f, loop)) {
      return null;
    }
    List<Inst> insts = f.insts(header);
    int phis = 0;
    while (phis < insts.size() && f.data(insts.get(phis)) instanceof InstData.Phi) {
      phis++;
    }
    if (insts.size() != phis + 2
        || !(f.data(insts.get(phis)) instanceof InstData.Compare cmp)
        || cmp.opcode() != Opcode.ICMP
        || !(f.data(insts.get(phis + 1)) instanceof InstData.Branch br)
        || !br.condition().equals(f.result(insts.get(phis)))
        || f.readers(br.condition()).size() != 1) {
      return null;
    }
    boolean trueStays = loop.contains(br.ifTrue());
    if (trueStays == loop.contains(br.ifFalse())) {
      return null;
    }
    Block bodyEntry = trueStays ? br.ifTrue() : br.ifFalse();
    Block exit = trueStays ? br.ifFalse() : br.ifTrue();
    CmpPredicate pred = trueStays ? cmp.predicate() : cmp.predicate().inverse();
    Block outside = loop.outsidePredecessors().get(0);
    for (Inst p : insts.subList(0, phis)) {
      Value i = f.result(p);
      Value bound;
      CmpPredicate continues;
      if (cmp.lhs().equals(i)) {
        bound = cmp.rhs();
        continues = pred;
      } else if (cmp.rhs().equals(i)) {
        bound = cmp.lhs();
        continues = pred.swapped();
      } else {
        continue;
      }
      if (!(f.type(i) instanceof ScalarType t) || (t != ScalarType.I32 && t != ScalarType.I64)) {
        return null;
      }
      InstData.Phi phi = (InstData.Phi) f.data(p);
      Long step = step(f, i, phi.valueFrom(latch));
      if (step == null || !definedOutside(f, loop, bound)) {
        return null;
      }
      return new CountedLoop(
          loop, outside, latch, bodyEntry, exit, p, phi.valueFrom(outside), step, continues, bound);
    }
    return null;
  }

  /** {@code C} if {@code next} is {@code i + C}, {@code C + i} or {@code i - C}, C nonzero. */
  private static Long step(Function f, Value i, Value next) {
    Inst def = f.definingInst(next);
    if (def == null || !(f.data(def) instanceof InstData.Binary b)) {
      return null;
    }
    Long c = null;
    if (b.opcode() == Opcode.ADD && b.lhs().equals(i) && f.isConstant(b.rhs())) {
      c = f.constantBits(b.rhs());
    } else if (b.opcode() == Opcode.ADD && b.rhs().equals(i) && f.isConstant(b.lhs())) {
      c = f.constantBits(b.lhs());
    } else if (b.opcode() == Opcode.SUB && b.lhs().equals(i) && f.isConstant(b.rhs())) {
      c = -f.constantBits(b.rhs());
    }
    if (c == null) {
      return null;
    }
    // constant bits are the type's width; read them as a signed step
    long step = f.type(i) == ScalarType.I32 ? (long) (int) (long) c : c;
    return step == 0 ? null : step;
  }

  private static boolean definedOutside(Function f, LoopInfo.Loop loop, Value v) {
    Inst def = f.definingInst(v);
    return def == null || !loop.contains(f.blockOf(def));
  }

  private static boolean onlyExitIsHeader(Function f, LoopInfo.Loop loop) {
    for (Block b : loop.blocks()) {
      if (!b.equals(loop.header()) && f.successors(b).stream().anyMatch(s -> !loop.contains(s))) {
        return false;
      }
    }
    return true;
  }
}
