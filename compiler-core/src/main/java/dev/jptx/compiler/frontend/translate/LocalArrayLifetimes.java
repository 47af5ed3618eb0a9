package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A local array lives in one {@code .local} slot of its function's frame, so an allocation in a
 * loop reuses the slot on every iteration. That is Java's semantics as long as no array of an
 * earlier iteration is still reachable, and wrong otherwise ({@code prev = cur; cur = new int[4];}
 * would make both names one array). This check finds an array that flows around a loop's back edge
 * into the loop header and reports it, rather than let the kernel compute silently wrong results.
 *
 * <p>A call of a device function that returns a local array of its own is an allocation too (see
 * {@link LocalArraySources}): inlined, the callee's {@code new} is one slot of this frame. The
 * callee may allocate before it reads its arguments, so the call's own arguments count as uses
 * after that allocation ({@code cur = next(cur)} in a loop would read a zeroed array).
 */
final class LocalArrayLifetimes {
  private LocalArrayLifetimes() {}

  /** The error for an array of an earlier iteration used after the next allocation. */
  static final String MESSAGE =
      "a local array allocated in a loop is used after the loop allocated the next one (both would"
          + " share one slot of local memory): allocate it before the loop";

  /** The error for an array a call returned in an earlier iteration, used after the next call. */
  static String callMessage(String callee) {
    return "the local array "
        + callee
        + " returns is made in this loop and used after (or by) the next call, which makes the"
        + " next one (inlined, its new array is one slot of local memory here, shared by every"
        + " call): call it before the loop, or pass it the array to fill";
  }

  /**
   * The allocations of {@code f} ({@code alloca}s, and calls that return a local array, as {@code
   * sources} tells) whose earlier iteration's array is still used after the next, each once, in the
   * order of the blocks.
   */
  static List<Inst> keptAcrossIterations(Function f, LocalArraySources sources) {
    Set<Inst> out = new LinkedHashSet<>();
    Cfg cfg = Cfg.of(f);
    DominatorTree dom = DominatorTree.of(f, cfg);
    for (Block h : cfg.reversePostOrder()) {
      for (Block p : cfg.predecessors(h)) {
        if (!dom.dominates(h, p)) {
          continue; // not a back edge
        }
        Set<Block> loop = loop(cfg, h, p);
        for (Inst i : f.insts(h)) {
          if (f.data(i) instanceof InstData.Phi phi) {
            for (Inst alloc : sources.behind(phi.valueFrom(p))) {
              if (loop.contains(f.blockOf(alloc))
                  && usedAfter(f, cfg, f.result(i), alloc, h, loop)) {
                out.add(alloc);
              }
            }
          }
        }
      }
    }
    return new ArrayList<>(out);
  }

  /**
   * True if the array of the previous iteration ({@code old}, the header's phi) is still used after
   * {@code alloca} made the next one in the same slot, on a path that does not return to the header
   * first.
   */
  private static boolean usedAfter(
      Function f, Cfg cfg, Value old, Inst alloca, Block h, Set<Block> loop) {
    Set<Value> derived = derived(f, old);
    Block a = f.blockOf(alloca);
    List<Inst> insts = f.insts(a);
    int from = insts.indexOf(alloca) + (f.data(alloca) instanceof InstData.Call ? 0 : 1);
    for (int k = from; k < insts.size(); k++) {
      if (uses(f, insts.get(k), derived)) {
        return true;
      }
    }
    Set<Block> seen = new HashSet<>();
    Deque<Block> work = new ArrayDeque<>(f.successors(a));
    while (!work.isEmpty()) {
      Block b = work.poll();
      if (b.equals(h) || !loop.contains(b) || !seen.add(b)) {
        continue;
      }
      for (Inst x : f.insts(b)) {
        if (uses(f, x, derived)) {
          return true;
        }
      }
      work.addAll(f.successors(b));
    }
    return false;
  }

  private static boolean uses(Function f, Inst i, Set<Value> values) {
    for (Value v : f.data(i).operands()) {
      if (values.contains(v)) {
        return true;
      }
    }
    return false;
  }

  /** {@code v} and the addresses computed from it. */
  private static Set<Value> derived(Function f, Value v) {
    Set<Value> out = new HashSet<>(List.of(v));
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Inst i : f.allInsts()) {
        Value r = f.result(i);
        InstData d = f.data(i);
        boolean address =
            d instanceof InstData.PtrAdd
                || d instanceof InstData.Cast
                || d instanceof InstData.Phi
                || d instanceof InstData.Select;
        if (r != null && address && !out.contains(r) && uses(f, i, out)) {
          out.add(r);
          changed = true;
        }
      }
    }
    return out;
  }

  /** The blocks of the natural loop of the back edge {@code p -> h}. */
  private static Set<Block> loop(Cfg cfg, Block h, Block p) {
    Set<Block> body = new HashSet<>(List.of(h));
    Deque<Block> work = new ArrayDeque<>();
    if (body.add(p)) {
      work.add(p);
    }
    while (!work.isEmpty()) {
      for (Block q : cfg.predecessors(work.poll())) {
        if (body.add(q)) {
          work.add(q);
        }
      }
    }
    return body;
  }
}
