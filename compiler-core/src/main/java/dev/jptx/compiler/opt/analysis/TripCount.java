package dev.jptx.compiler.opt.analysis;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.CmpPredicate;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import java.util.List;

/**
 * The exact trip count of a counted loop, when it is a constant (seed: LLVM's {@code
 * ScalarEvolution} trip counts, restricted to constant affine induction variables).
 *
 * <p>The loop must be in this form: one back edge (a single latch) and one outside predecessor of
 * the header; exactly one exit edge, leaving from the header or the latch (so its test runs once on
 * every iteration), by a {@code br} on {@code icmp P a, b}; one operand of the comparison a
 * constant {@code C2}, the other either the header phi {@code i = phi [outside: C0], [latch: next]}
 * or {@code next} itself, where {@code next} is {@code add i, C1}, {@code add C1, i} or {@code sub
 * i, C1} in an integer type of 8 to 64 bits.
 *
 * <p>The count is found by running the test: on iteration {@code j} (from 0), {@code i} is {@code
 * C0 + j * C1} and {@code next} is {@code C0 + (j + 1) * C1}, both wrapped to the type's width as
 * the hardware does, and the comparison is made as its predicate says (signed or unsigned). The
 * first iteration whose test leaves the loop is its last. Simulating rather than solving a closed
 * form makes overflow, signedness and {@code ne} tests exact by construction; its cost is bounded
 * by the caller's {@code limit}, beyond which the count is reported unknown (a loop that would
 * never leave, such as {@code C1 = 0} or an {@code ne} test the variable steps over, is unknown).
 *
 * <p>A pure analysis: it reads the function and changes nothing.
 */
public final class TripCount {
  /**
   * A known count.
   *
   * @param runs how many times the exiting block runs: the loop is left on the {@code runs}-th (at
   *     least 1)
   * @param testedInHeader true if the exit leaves from a header that is not also the latch (a
   *     top-tested loop, whose last run executes the header only); false if it leaves from the
   *     latch (a bottom-tested loop, or a loop of one block)
   */
  public record Result(long runs, boolean testedInHeader) {
    /**
     * How many times the loop's body runs in the source's sense: {@code runs - 1} for a top-tested
     * loop ({@code for (i = 0; i < 0; i++)} has 0), {@code runs} for a bottom-tested one.
     */
    public long tripCount() {
      return testedInHeader ? runs - 1 : runs;
    }
  }

  private TripCount() {}

  /**
   * The count of {@code loop} if it has the form above and leaves within {@code limit} runs of its
   * exiting block; null otherwise.
   */
  public static Result of(Function f, LoopInfo.Loop loop, long limit) {
    if (loop.latches().size() != 1 || loop.outsidePredecessors().size() != 1) {
      return null;
    }
    Block header = loop.header();
    Block latch = loop.latches().get(0);
    Block outside = loop.outsidePredecessors().get(0);
    Block exiting = exitingBlock(f, loop);
    if (exiting == null || !(exiting.equals(header) || exiting.equals(latch))) {
      return null;
    }
    InstData.Branch br = (InstData.Branch) f.data(f.terminator(exiting));
    boolean exitWhenTrue = !loop.contains(br.ifTrue());
    if (!(def(f, br.condition()) instanceof InstData.Compare cmp) || cmp.opcode() != Opcode.ICMP) {
      return null;
    }
    CmpPredicate pred = cmp.predicate();
    Value varying = cmp.lhs();
    Value bound = cmp.rhs();
    if (f.isConstant(varying)) {
      varying = cmp.rhs();
      bound = cmp.lhs();
      pred = pred.swapped();
    }
    if (!f.isConstant(bound) || !(f.type(varying) instanceof ScalarType t) || t.bits() < 8) {
      return null;
    }
    Induction iv = induction(f, header, outside, latch, varying);
    if (iv == null) {
      return null;
    }
    long c2 = f.constantBits(bound);
    long value = iv.testsNext ? iv.step(iv.start, t) : iv.start;
    for (long j = 0; j < limit; j++) {
      if (compare(pred, t, value, c2) == exitWhenTrue) {
        return new Result(j + 1, !exiting.equals(latch));
      }
      value = iv.step(value, t);
    }
    return null;
  }

  /**
   * The induction variable the comparison reads: its start, how it steps ({@code i + C}, {@code i -
   * C}, {@code i * C}, {@code i << C}, {@code i >> C}, {@code i >>> C}) and which of i/next the
   * test reads.
   */
  private record Induction(long start, Opcode op, long constant, boolean testsNext) {
    /** The next value of a variable of type {@code t} holding {@code v}, wrapped to its width. */
    long step(long v, Type t) {
      int w = t.bits();
      long mask = w == 64 ? -1L : (1L << w) - 1;
      int count = (int) (constant & (w - 1));
      long next =
          switch (op) {
            case ADD -> v + constant;
            case SUB -> v - constant;
            case MUL -> v * constant;
            case SHL -> v << count;
            case LSHR -> (v & mask) >>> count;
            case ASHR -> signExtend(v, w) >> count;
            default -> throw new IllegalStateException("no step " + op);
          };
      return next & mask;
    }
  }

  private static Induction induction(
      Function f, Block header, Block outside, Block latch, Value varying) {
    for (Inst p : f.insts(header)) {
      if (!(f.data(p) instanceof InstData.Phi phi)) {
        break;
      }
      Value i = f.result(p);
      Value next = phi.valueFrom(latch);
      Value start = phi.valueFrom(outside);
      if (!(varying.equals(i) || varying.equals(next)) || !f.isConstant(start)) {
        continue;
      }
      return step(f, i, next, f.constantBits(start), varying.equals(next));
    }
    return null;
  }

  /**
   * How {@code next} derives from {@code i}: {@code i op C} for an addition or multiplication
   * (either side), or a subtraction or shift of {@code i} by a constant; else null.
   */
  private static Induction step(Function f, Value i, Value next, long start, boolean testsNext) {
    if (!(def(f, next) instanceof InstData.Binary b)) {
      return null;
    }
    boolean commutes = b.opcode() == Opcode.ADD || b.opcode() == Opcode.MUL;
    boolean known =
        commutes
            || b.opcode() == Opcode.SUB
            || b.opcode() == Opcode.SHL
            || b.opcode() == Opcode.LSHR
            || b.opcode() == Opcode.ASHR;
    if (!known) {
      return null;
    }
    if (b.lhs().equals(i) && f.isConstant(b.rhs())) {
      return new Induction(start, b.opcode(), f.constantBits(b.rhs()), testsNext);
    }
    if (commutes && b.rhs().equals(i) && f.isConstant(b.lhs())) {
      return new Induction(start, b.opcode(), f.constantBits(b.lhs()), testsNext);
    }
    return null;
  }

  /** The one block with an edge out of the loop, if it is the only exit edge and a {@code br}. */
  private static Block exitingBlock(Function f, LoopInfo.Loop loop) {
    Block exiting = null;
    for (Block b : loop.blocks()) {
      List<Block> out = f.successors(b).stream().filter(s -> !loop.contains(s)).toList();
      if (out.isEmpty()) {
        continue;
      }
      if (exiting != null || out.size() != 1) {
        return null;
      }
      exiting = b;
    }
    if (exiting == null || !(f.data(f.terminator(exiting)) instanceof InstData.Branch br)) {
      return null;
    }
    // both targets outside, or both inside, is no counted exit
    return loop.contains(br.ifTrue()) != loop.contains(br.ifFalse()) ? exiting : null;
  }

  private static InstData def(Function f, Value v) {
    Inst i = f.definingInst(v);
    return i == null ? null : f.data(i);
  }

  /** {@code a P b} on {@code t}'s width; both are wrapped to it first. */
  static boolean compare(CmpPredicate p, Type t, long a, long b) {
    int bits = t.bits();
    long sa = signExtend(a, bits);
    long sb = signExtend(b, bits);
    // zero-extended; for 64 bits the unsigned order of the raw patterns
    long ua = bits == 64 ? a : a & ((1L << bits) - 1);
    long ub = bits == 64 ? b : b & ((1L << bits) - 1);
    int u = Long.compareUnsigned(ua, ub);
    return switch (p) {
      case EQ -> sa == sb;
      case NE -> sa != sb;
      case SLT -> sa < sb;
      case SLE -> sa <= sb;
      case SGT -> sa > sb;
      case SGE -> sa >= sb;
      case ULT -> u < 0;
      case ULE -> u <= 0;
      case UGT -> u > 0;
      case UGE -> u >= 0;
      default -> throw new IllegalArgumentException("not an integer predicate: " + p);
    };
  }

  private static long signExtend(long v, int bits) {
    return bits == 64 ? v : (v << (64 - bits)) >> (64 - bits);
  }
}
