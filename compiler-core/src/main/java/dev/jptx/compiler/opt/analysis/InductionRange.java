package dev.jptx.compiler.opt.analysis;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Value;

/**
 * The signed range of an {@code i32} basic induction variable {@code p} (step {@code s}) in a block
 * of its loop, from the test that ends the loop's header, together with the proof that {@code p}
 * never wraps. Requirements, all checked:
 *
 * <ul>
 *   <li>the header ends in {@code br (icmp PRED p, n), X, Y} (or {@code n, p}) with {@code n}
 *       loop-invariant, exactly one of {@code X, Y} in the loop, that block having the header as
 *       its only predecessor and dominating the block asked about — so wherever that block runs,
 *       the test held for the current {@code p}; since the loop is innermost, every other block of
 *       the loop, the latch included, is reached only through it;
 *   <li>{@code s > 0} and the test in the loop is {@code p < n} (then {@code p <= n-1}, at most
 *       {@code MAX-1}) or {@code p <= n} ({@code p <= n}); or {@code s < 0} and {@code p > n} or
 *       {@code p >= n}, symmetrically. A constant {@code n} gives the exact bound;
 *   <li>that bound plus {@code s} stays in the {@code int} range, so that {@code next = p + s},
 *       computed only after the test held, never wraps: by induction {@code p = start + j*s}
 *       exactly on iteration {@code j}, and {@code p} is at least {@code start} ({@code s > 0}) or
 *       at most {@code start} ({@code s < 0}) — the start's value if it is a constant, the {@code
 *       int} limit otherwise.
 * </ul>
 *
 * Unsigned tests, {@code ==}/{@code !=} tests and tests elsewhere in the loop give no range.
 */
public final class InductionRange {
  private InductionRange() {}

  /**
   * {@code {lo, hi}}: in block {@code b}, {@code lo <= p <= hi} and {@code p} is {@code start +
   * j*step} without wrapping; null if that cannot be shown (see the class comment).
   */
  public static long[] of(
      Function f,
      LoopInfo.Loop loop,
      Cfg cfg,
      DominatorTree dom,
      InductionVariables.Basic iv,
      Block b) {
    if (iv.type() != ScalarType.I32) {
      return null;
    }
    Inst term = f.terminator(loop.header());
    if (term == null || !(f.data(term) instanceof InstData.Branch br)) {
      return null;
    }
    boolean trueInside = loop.contains(br.ifTrue());
    if (trueInside == loop.contains(br.ifFalse())) {
      return null;
    }
    Block inside = trueInside ? br.ifTrue() : br.ifFalse();
    if (!cfg.predecessors(inside).equals(java.util.List.of(loop.header()))
        || !dom.dominates(inside, b)) {
      return null;
    }
    Inst cmpInst = f.definingInst(br.condition());
    if (cmpInst == null
        || !(f.data(cmpInst) instanceof InstData.Compare cmp)
        || cmp.opcode() != Opcode.ICMP) {
      return null;
    }
    CmpPredicate pred;
    Value n;
    if (cmp.lhs().equals(iv.phi())) {
      pred = cmp.predicate();
      n = cmp.rhs();
    } else if (cmp.rhs().equals(iv.phi())) {
      pred = swapped(cmp.predicate());
      n = cmp.lhs();
    } else {
      return null;
    }
    if (pred == null || !InductionVariables.isInvariant(f, loop, n)) {
      return null;
    }
    if (!trueInside) {
      pred = pred.inverse();
    }
    Long nc = f.isConstant(n) ? (long) (int) f.constantBits(n) : null;
    Long startc = f.isConstant(iv.start()) ? (long) (int) f.constantBits(iv.start()) : null;
    long s = iv.step();
    long lo;
    long hi;
    if (s > 0 && (pred == CmpPredicate.SLT || pred == CmpPredicate.SLE)) {
      long limit = nc != null ? nc : Integer.MAX_VALUE;
      hi = pred == CmpPredicate.SLT ? limit - 1 : limit;
      lo = startc != null ? startc : Integer.MIN_VALUE;
      if (hi + s > Integer.MAX_VALUE) {
        return null;
      }
    } else if (s < 0 && (pred == CmpPredicate.SGT || pred == CmpPredicate.SGE)) {
      long limit = nc != null ? nc : Integer.MIN_VALUE;
      lo = pred == CmpPredicate.SGT ? limit + 1 : limit;
      hi = startc != null ? startc : Integer.MAX_VALUE;
      if (lo + s < Integer.MIN_VALUE) {
        return null;
      }
    } else {
      return null;
    }
    return lo <= hi ? new long[] {lo, hi} : null;
  }

  /** The predicate with its operands exchanged, for signed orderings; null for the rest. */
  private static CmpPredicate swapped(CmpPredicate p) {
    return switch (p) {
      case SLT -> CmpPredicate.SGT;
      case SLE -> CmpPredicate.SGE;
      case SGT -> CmpPredicate.SLT;
      case SGE -> CmpPredicate.SLE;
      default -> null;
    };
  }
}
