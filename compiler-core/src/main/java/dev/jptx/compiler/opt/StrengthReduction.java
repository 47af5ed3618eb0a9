package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.ir.ScalarType;
import dev.jptx.compiler.ir.Type;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.opt.analysis.InductionVariables;
import dev.jptx.compiler.opt.analysis.LoopInfo;
import dev.jptx.compiler.opt.analysis.Polynomial;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Replaces multiplications and array addresses that are affine in a loop's induction variable by
 * induction variables of their own, updated by one addition per iteration (seed: the classic
 * strength reduction of Cocke and Kennedy, as in LLVM's LoopStrengthReduce, without its cost
 * model).
 *
 * <p>For each innermost loop with a preheader and a single latch, {@link InductionVariables} gives
 * every value {@code v = scale*x + offset}, with {@code x} a basic variable {@code p = start +
 * j*step} or its exact {@code sext} (the class documents when a {@code sext} is exact). Two kinds
 * of value are replaced, each by a new header phi {@code q = phi [preheader: init], [latch: q +
 * scale*step]} whose {@code init = scale*x0 + offset} ({@code x0} is {@code start} or {@code
 * sext(start)}) and step are computed in the preheader:
 *
 * <ul>
 *   <li>an address {@code ptradd base, v} with {@code base} loop-invariant and {@code v} derived
 *       (so of width 64): {@code q} is a pointer starting at {@code ptradd base, init} and advanced
 *       by {@code ptradd q, scale*step};
 *   <li>a derived integer value that contains a {@code mul} or {@code shl} of the loop and is used
 *       by something that is neither derived itself nor a replaced address (the outermost
 *       expression of a chain; the rest dies).
 * </ul>
 *
 * <p>A candidate is rewritten only if that removes more instructions from each iteration than the
 * new variable adds (see {@code pays}): the candidate and the loop arithmetic only it uses die,
 * against an addition and the two copies phi elimination makes. So {@code a[k]}, one {@code
 * mad.wide} in PTX, stays, and so does {@code (k*m + 7)*3 + b} (two {@code mad.lo}); with today's
 * backend an expression needs four instructions of PTX per iteration to be worth it.
 *
 * <p>Why the result is equal: on iteration {@code j}, {@code q} holds {@code init + j*scale*step}.
 * Modulo 2<sup>width</sup> this is {@code scale*(x0 + j*step) + offset}, which is {@code v}
 * wherever {@code v} is defined: for {@code x = p} because {@code p}'s own update wraps modulo the
 * same power of two; for {@code x = sext(p)} because the analysis proved {@code p} never wraps
 * where the {@code sext} runs, so {@code sext(p) = sext(start) + j*step} exactly. Pointer addition
 * wraps modulo 2<sup>64</sup> like {@code i64}. The loop's iteration structure is unchanged, so
 * {@code q} and {@code p} advance together; uses of {@code v} (even after the loop) see {@code q}
 * of the same iteration. Nothing that can trap or touch memory moves.
 *
 * <p>Requires nothing (run after {@code licm}, so invariant operands sit outside the loop);
 * preserves the CFG and SSA. The replaced instructions are left for {@code dce}.
 */
public final class StrengthReduction implements FunctionPass {
  /**
   * Instructions a new variable adds to each iteration: its addition, and the two copies the
   * backend's phi elimination makes of every phi (one at the header, one on the latch edge).
   */
  private static final int VARIABLE_COST = 3;

  @Override
  public String name() {
    return "strength-reduce";
  }

  @Override
  public boolean run(Function f) {
    if (f.blocks().isEmpty()) {
      return false;
    }
    Cfg cfg = Cfg.of(f);
    DominatorTree dom = DominatorTree.of(f, cfg);
    boolean changed = false;
    // only phis and straight-line code are added, so the CFG analyses stay valid throughout
    for (LoopInfo.Loop loop : LoopInfo.of(f, cfg, dom).innermostFirst()) {
      if (loop.children().isEmpty()
          && loop.preheader() != null
          && loop.latches().size() == 1
          && !loop.header().equals(f.entry())) {
        changed |= reduce(f, loop, InductionVariables.of(f, loop, cfg, dom));
      }
    }
    return changed;
  }

  private static boolean reduce(Function f, LoopInfo.Loop loop, InductionVariables ivs) {
    if (ivs.basics().isEmpty()) {
      return false;
    }
    // each value's readers as they were when first asked: the rewrites below only add readers of
    // phis and of values outside the loop, which the cost model never asks about
    Map<Value, List<Inst>> users = new HashMap<>();
    Set<Inst> addresses = new LinkedHashSet<>();
    for (Block b : loop.blocks()) {
      for (Inst i : f.insts(b)) {
        if (f.data(i) instanceof InstData.PtrAdd pa
            && InductionVariables.isInvariant(f, loop, pa.base())
            && ivs.affine(pa.offset()) != null) {
          addresses.add(i);
        }
      }
    }
    Preheader pre = new Preheader(f, loop);
    Set<Inst> dead = new HashSet<>();
    boolean changed = false;
    for (Inst i : addresses) {
      if (pays(f, loop, users, i, dead)) {
        InstData.PtrAdd pa = (InstData.PtrAdd) f.data(i);
        replaceByPhi(f, loop, pre, i, ivs.affine(pa.offset()), pa.base());
        changed = true;
      }
    }
    for (Value v : valuesWithMultiplication(f, ivs)) {
      Inst def = f.definingInst(v);
      boolean usedElsewhere =
          users.computeIfAbsent(v, f::readers).stream()
              .anyMatch(
                  u ->
                      !dead.contains(u)
                          && (f.result(u) == null || ivs.affine(f.result(u)) == null));
      if (!dead.contains(def) && usedElsewhere && pays(f, loop, users, def, dead)) {
        replaceByPhi(f, loop, pre, def, ivs.affine(v), null);
        changed = true;
      }
    }
    return changed;
  }

  /**
   * True if replacing {@code i} removes more instructions from each iteration than the new variable
   * adds ({@link #VARIABLE_COST}); if so, adds what dies to {@code dead}. What dies is {@code i}
   * and, transitively, the loop instructions (not phis) all of whose users die or are already
   * {@code dead}. The backend selects {@code ptradd b, (mul|shl (sext x), C)} as one {@code
   * mad.wide}, so such a pattern counts once.
   */
  private static boolean pays(
      Function f, LoopInfo.Loop loop, Map<Value, List<Inst>> users, Inst i, Set<Inst> dead) {
    Set<Inst> dies = new LinkedHashSet<>();
    dies.add(i);
    List<Inst> work = new ArrayList<>(List.of(i));
    while (!work.isEmpty()) {
      for (Value v : f.data(work.remove(work.size() - 1)).operands()) {
        Inst d = f.definingInst(v);
        if (d != null
            && loop.contains(f.blockOf(d))
            && !(f.data(d) instanceof InstData.Phi)
            && !dies.contains(d)
            && !dead.contains(d)
            && users.computeIfAbsent(v, f::readers).stream()
                .allMatch(u -> dies.contains(u) || dead.contains(u))) {
          dies.add(d);
          work.add(d);
        }
      }
    }
    int cost = dies.size();
    Set<Inst> fused = new HashSet<>();
    for (Inst d : dies) {
      if (f.data(d) instanceof InstData.PtrAdd pa && isWideMad(f, pa.offset(), dies)) {
        cost -= 2;
      } else if (f.data(d) instanceof InstData.Binary b && b.opcode() == Opcode.ADD) {
        // the backend selects add (mul x, y), z as one mad.lo
        for (Value v : List.of(b.lhs(), b.rhs())) {
          Inst m = f.definingInst(v);
          if (m != null && dies.contains(m) && isMultiply(f, m) && fused.add(m)) {
            cost--;
            break;
          }
        }
      }
    }
    if (cost <= VARIABLE_COST) {
      return false;
    }
    dead.addAll(dies);
    return true;
  }

  private static boolean isMultiply(Function f, Inst i) {
    Opcode op = f.data(i).opcode();
    return op == Opcode.MUL || op == Opcode.SHL;
  }

  /** True if {@code offset} is {@code mul|shl (sext x), C}, both among {@code dies}. */
  private static boolean isWideMad(Function f, Value offset, Set<Inst> dies) {
    Inst m = f.definingInst(offset);
    if (m == null
        || !dies.contains(m)
        || !(f.data(m) instanceof InstData.Binary b)
        || !(b.opcode() == Opcode.MUL || b.opcode() == Opcode.SHL)
        || !f.isConstant(b.rhs())) {
      return false;
    }
    Inst x = f.definingInst(b.lhs());
    return x != null && dies.contains(x) && f.data(x).opcode() == Opcode.SEXT;
  }

  /** Derived values computed with a {@code mul} or {@code shl} of the loop, directly or not. */
  private static Set<Value> valuesWithMultiplication(Function f, InductionVariables ivs) {
    Set<Value> out = new LinkedHashSet<>();
    // derived() is in the loop's order, so operands come first
    for (Value v : ivs.derived().keySet()) {
      Inst def = f.definingInst(v);
      InstData d = f.data(def);
      if (d instanceof InstData.Phi) {
        continue;
      }
      if (d.opcode() == Opcode.MUL || d.opcode() == Opcode.SHL) {
        out.add(v);
      } else if (d.operands().stream().anyMatch(out::contains)) {
        out.add(v);
      }
    }
    return out;
  }

  /**
   * Replaces {@code i}'s result by a header phi following {@code a} (or, with a {@code base}, the
   * address {@code base + a}).
   */
  private static void replaceByPhi(
      Function f,
      LoopInfo.Loop loop,
      Preheader pre,
      Inst i,
      InductionVariables.Affine a,
      Value base) {
    Block latch = loop.latches().get(0);
    int line = f.line(i);
    InductionVariables.Basic iv = a.iv();
    Polynomial x0;
    if (f.isConstant(iv.start())) {
      long s = f.constantBits(iv.start());
      x0 = Polynomial.constant(a.width(), iv.width() == 32 ? (long) (int) s : s);
    } else if (a.widened()) {
      x0 = Polynomial.value(64, pre.sext(iv.start(), line));
    } else {
      x0 = Polynomial.value(a.width(), iv.start());
    }
    Polynomial initOffset = a.scale().times(x0).plus(a.offset());
    Value init = pre.emit(initOffset, line);
    Value step = pre.emit(a.scale().times(iv.step()), line);
    Type resultType = f.type(f.result(i));
    if (base != null) {
      init = initOffset.isZero() ? base : pre.ptradd(base, init, resultType, line);
    }
    Inst phi =
        f.insertAtStart(
            loop.header(),
            new InstData.Phi(List.of(loop.preheader(), latch), List.of(init, init)),
            resultType,
            0);
    Value q = f.result(phi);
    InstData advance =
        base != null ? new InstData.PtrAdd(q, step) : new InstData.Binary(Opcode.ADD, q, step);
    Value next = f.result(f.insertBefore(f.terminator(latch), advance, resultType, line));
    f.setData(phi, new InstData.Phi(List.of(loop.preheader(), latch), List.of(init, next)));
    f.replaceAllUses(f.result(i), q);
  }

  /**
   * Code appended to a loop's preheader, each value computed once: several induction variables
   * often share their start, step or base address.
   */
  private static final class Preheader {
    private final Function f;
    private final Inst end;
    private final Map<Object, Value> done = new HashMap<>();

    Preheader(Function f, LoopInfo.Loop loop) {
      this.f = f;
      this.end = f.terminator(loop.preheader());
    }

    Value sext(Value v, int line) {
      return done.computeIfAbsent(
          List.of("sext", v),
          k ->
              f.result(
                  f.insertBefore(end, new InstData.Cast(Opcode.SEXT, v), ScalarType.I64, line)));
    }

    Value ptradd(Value base, Value offset, Type t, int line) {
      return done.computeIfAbsent(
          List.of("ptradd", base, offset),
          k -> f.result(f.insertBefore(end, new InstData.PtrAdd(base, offset), t, line)));
    }

    /**
     * Computes {@code p}; constants need no instruction. The constant term comes last, as the other
     * passes write an addition of a constant.
     */
    Value emit(Polynomial p, int line) {
      Type t = ScalarType.integer(p.width());
      Value cached = done.get(p);
      if (cached != null) {
        return cached;
      }
      Value sum = null;
      for (Map.Entry<List<Value>, Long> term : p.terms().entrySet()) {
        if (term.getKey().isEmpty()) {
          continue;
        }
        Value v = null;
        for (Value factor : term.getKey()) {
          v = v == null ? factor : binary(Opcode.MUL, v, factor, t, line);
        }
        if (term.getValue() != 1) {
          v = binary(Opcode.MUL, v, f.constant(t, term.getValue()), t, line);
        }
        sum = sum == null ? v : binary(Opcode.ADD, sum, v, t, line);
      }
      Value k = f.constant(t, p.constantTerm());
      Value r = sum == null ? k : p.constantTerm() == 0 ? sum : binary(Opcode.ADD, sum, k, t, line);
      done.put(p, r);
      return r;
    }

    private Value binary(Opcode op, Value x, Value y, Type t, int line) {
      return f.result(f.insertBefore(end, new InstData.Binary(op, x, y), t, line));
    }
  }
}
