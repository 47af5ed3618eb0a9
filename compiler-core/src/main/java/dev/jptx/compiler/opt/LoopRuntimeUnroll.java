package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Intrinsic;
import dev.jptx.compiler.opt.analysis.CountedLoop;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import dev.jptx.compiler.opt.analysis.TripCount;
import dev.jptx.compiler.stats.PassCounters;

/**
 * Unrolls the innermost counted loops that full unrolling ({@link LoopUnroll}) left, so that each
 * test and branch, and each step of the induction variable, covers several iterations (seed: LLVM's
 * runtime and partial unrolling, as {@code nvcc} applies them: by 4 for a trip count known only at
 * run time).
 *
 * <ul>
 *   <li>A loop with a constant trip count {@code T} ({@link TripCount}) is unrolled by the largest
 *       divisor of {@code T} from 2 to {@code partialCount} and {@code T / 2}: no remainder is
 *       left, and none of the tests it skips could have left the loop.
 *   <li>A loop with a step of one towards a bound known only at run time ({@link
 *       RemainderLoop#handles}) gets a {@link RemainderLoop} for the first {@code tc mod
 *       runtimeCount} iterations, and the rest runs {@code runtimeCount} iterations per test.
 * </ul>
 *
 * Either way the body is repeated by {@link LoopBodyReplication}, and only if the repeated body has
 * at most {@code threshold} IR instructions. Floating-point operations are copied as they are, in
 * the order of the iterations: nothing is reassociated, so Java's rounding is kept. A loop with a
 * call or an {@code alloca} is left alone (a copy would be a new object); one with a barrier or a
 * warp-wide operation is unrolled only with a constant count (every thread then runs the same
 * copies, as with full unrolling), since with a remainder loop threads of one warp could run
 * different copies of the same barrier or shuffle.
 *
 * <p>Requires loops in top-tested form ({@link CountedLoop}); runs before loop rotation, which then
 * rotates the remainder loop and the unrolled loop alike. Preserves SSA; adds blocks.
 */
public final class LoopRuntimeUnroll implements FunctionPass {
  /** The default of {@code unroll-runtime-count}: nvcc's factor. */
  public static final int DEFAULT_RUNTIME_COUNT = 4;

  /** The default of {@code unroll-partial-count}. */
  public static final int DEFAULT_PARTIAL_COUNT = 8;

  /** The default of {@code unroll-runtime-threshold}, in IR instructions of the unrolled body. */
  public static final int DEFAULT_THRESHOLD = 160;

  private final int runtimeCount;
  private final int partialCount;
  private final int threshold;

  /** A pass with the given factors (1 or less: that kind of unrolling off) and size limit. */
  public LoopRuntimeUnroll(int runtimeCount, int partialCount, int threshold) {
    this.runtimeCount = runtimeCount;
    this.partialCount = partialCount;
    this.threshold = threshold;
  }

  /** A pass with the defaults. */
  public LoopRuntimeUnroll() {
    this(DEFAULT_RUNTIME_COUNT, DEFAULT_PARTIAL_COUNT, DEFAULT_THRESHOLD);
  }

  @Override
  public String name() {
    return "unroll-runtime";
  }

  @Override
  public boolean run(Function f) {
    return InnermostLoops.transformEach(f, this::unroll);
  }

  private boolean unroll(Function f, LoopInfo.Loop loop) {
    if (loop.header().equals(f.entry())) {
      return false;
    }
    // blocks no path reaches may still branch into the loop, and phis in its body name them; the
    // copies would keep entries from blocks that do not branch to them
    LoopUnroll.removeUnreachable(f);
    CountedLoop c = CountedLoop.of(f, loop);
    if (c == null) {
      return false;
    }
    Kind kind = kind(f, loop);
    if (kind == Kind.NEVER) {
      return false;
    }
    long size = c.body(f).stream().mapToLong(b -> f.insts(b).size()).sum();
    TripCount.Result count = TripCount.of(f, loop, 1L << 20);
    if (count != null) {
      int factor = largestDivisor(count.tripCount(), partialCount, size);
      if (factor < 2) {
        return false;
      }
      LoopBodyReplication.replicate(f, c, factor);
      PassCounters.add("loops partially unrolled", 1);
      return true;
    }
    if (kind != Kind.ANY_COUNT
        || runtimeCount < 2
        || runtimeCount * size > threshold
        || !RemainderLoop.handles(c)) {
      return false;
    }
    RemainderLoop.insert(f, c, runtimeCount);
    LoopBodyReplication.replicate(f, c, runtimeCount);
    PassCounters.add("loops runtime-unrolled", 1);
    return true;
  }

  /**
   * The largest {@code u} in 2..max dividing {@code trips} with {@code u * size} in budget, leaving
   * at least two trips: a loop run once would be full unrolling, which its own threshold refused.
   */
  private int largestDivisor(long trips, int max, long size) {
    for (int u = (int) Math.min(max, trips / 2); u >= 2; u--) {
      if (trips % u == 0 && u * size <= threshold) {
        return u;
      }
    }
    return 0;
  }

  private enum Kind {
    NEVER,
    CONSTANT_COUNT_ONLY,
    ANY_COUNT
  }

  private static Kind kind(Function f, LoopInfo.Loop loop) {
    Kind kind = Kind.ANY_COUNT;
    for (Block b : loop.blocks()) {
      for (Inst i : f.insts(b)) {
        InstData d = f.data(i);
        switch (d.opcode()) {
          case CALL, ALLOCA -> {
            return Kind.NEVER;
          }
          case INTRINSIC -> {
            if (synchronises(((InstData.IntrinsicCall) d).intrinsic())) {
              kind = Kind.CONSTANT_COUNT_ONLY;
            }
          }
          default -> {}
        }
      }
    }
    return kind;
  }

  private static boolean synchronises(Intrinsic i) {
    return i.effect() == Intrinsic.Effect.CONVERGENT
        || switch (i) {
          case BARRIER, BARRIER_POPC, BARRIER_AND, BARRIER_OR, SYNCWARP, ACTIVEMASK -> true;
          default -> false;
        };
  }
}
