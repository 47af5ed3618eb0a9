package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Cfg;
import dev.jptx.compiler.ir.DominatorTree;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Promotes local arrays whose every access has a constant index to SSA values, one per element
 * (seed: LLVM's SROA followed by mem2reg; Cytron, Ferrante, Rosen, Wegman and Zadeck, "Efficiently
 * Computing Static Single Assignment Form and the Control Dependence Graph"). Which {@code alloca}s
 * qualify, and which element each access touches, is {@link LocalArrayAccesses}' job: the address
 * must never escape, all offsets must be constant, in bounds and aligned, one element type, at most
 * {@link #MAX_ELEMENTS} elements.
 *
 * <p>Each element is a variable. Its phis go at the iterated dominance frontier of the blocks that
 * store to it ({@link DominanceFrontiers}); then a walk of the dominator tree carries each
 * element's current value down: a store sets it, a load is replaced by it, a phi defines it, and
 * each block fills its successors' phi entries with the values at its end. An element starts as
 * zero: the zeroing stores of a new Java array define zero anyway, and where they are absent (IR
 * written by hand) reading before writing is undefined, which zero refines. Phis no load ends up
 * reading are removed. Accesses in unreachable blocks read zero.
 *
 * <p>An array indexed by a variable stays in memory; constant folding and a later loop unroll make
 * more indices constant, which is why this pass runs after constant folding. Requires constant
 * offsets already folded; preserves the CFG; removes the alloca, its {@code ptradd}s, loads and
 * stores.
 */
public final class PromoteLocalArrays implements FunctionPass {
  /**
   * The largest array promoted, in elements. Each element becomes a value that may stay live for
   * the whole kernel, and registers decide occupancy; the cap keeps a large array from turning into
   * hundreds of live values that would spill anyway, while covering the small accumulators and
   * tables kernels keep per thread. A constant rather than a knob: no measurement yet says which
   * other value would be better.
   */
  public static final int MAX_ELEMENTS = 32;

  @Override
  public String name() {
    return "promote-local-arrays";
  }

  @Override
  public boolean run(Function f) {
    if (f.blocks().isEmpty()) {
      return false;
    }
    boolean changed = false;
    for (Inst i : f.allInsts()) {
      if (f.isLive(i) && f.data(i) instanceof InstData.Alloca) {
        LocalArrayAccesses a = LocalArrayAccesses.analyze(f, i, MAX_ELEMENTS);
        if (a != null) {
          promote(f, a);
          changed = true;
        }
      }
    }
    return changed;
  }

  private static void promote(Function f, LocalArrayAccesses a) {
    Map<Value, Value> replaced = new HashMap<>();
    if (a.elementType != null) {
      rename(f, a, placePhis(f, a), replaced);
    }
    for (Inst i : f.allInsts()) {
      InstData d = f.data(i);
      if (d.operands().stream().anyMatch(replaced::containsKey)) {
        f.setData(i, d.mapOperands(v -> resolve(replaced, v)));
      }
    }
    a.accesses.keySet().forEach(f::remove);
    for (int k = a.addresses.size() - 1; k >= 0; k--) {
      f.remove(a.addresses.get(k));
    }
    f.remove(a.alloca);
  }

  /** A phi per element at the iterated dominance frontier of the blocks that write it. */
  private static Map<Block, Inst[]> placePhis(Function f, LocalArrayAccesses a) {
    Cfg cfg = Cfg.of(f);
    DominatorTree dom = DominatorTree.of(f, cfg);
    DominanceFrontiers df = DominanceFrontiers.of(f, cfg, dom);
    List<Set<Block>> writers = new ArrayList<>();
    for (int e = 0; e < a.elements; e++) {
      writers.add(new LinkedHashSet<>());
    }
    for (var x : a.accesses.entrySet()) {
      LocalArrayAccesses.Access acc = x.getValue();
      if (acc.kind() == LocalArrayAccesses.Kind.STORE
          || acc.kind() == LocalArrayAccesses.Kind.ZERO) {
        for (int e = acc.element(); e < acc.element() + acc.count(); e++) {
          writers.get(e).add(f.blockOf(x.getKey()));
        }
      }
    }
    Map<Block, Inst[]> phis = new HashMap<>();
    for (int e = 0; e < a.elements; e++) {
      for (Block b : df.iterated(writers.get(e))) {
        Inst phi = f.insertAtStart(b, new InstData.Phi(List.of(), List.of()), a.elementType, 0);
        phis.computeIfAbsent(b, k -> new Inst[a.elements])[e] = phi;
      }
    }
    return phis;
  }

  /** The dominator-tree walk that gives each load the element's value and fills the phis. */
  private static void rename(
      Function f, LocalArrayAccesses a, Map<Block, Inst[]> phis, Map<Value, Value> replaced) {
    Cfg cfg = Cfg.of(f);
    DominatorTree dom = DominatorTree.of(f, cfg);
    Value zero = f.constant(a.elementType, 0);
    Map<Block, Value[]> atEnd = new HashMap<>();
    // an explicit stack: dominator trees of long straight-line kernels are deep
    Deque<Block> work = new ArrayDeque<>();
    work.push(dom.root());
    Set<Inst> seen = new HashSet<>();
    while (!work.isEmpty()) {
      Block b = work.pop();
      Value[] current;
      if (b.equals(dom.root())) {
        current = new Value[a.elements];
        Arrays.fill(current, zero);
      } else {
        current = atEnd.get(dom.idom(b)).clone();
      }
      Inst[] mine = phis.get(b);
      for (int e = 0; mine != null && e < a.elements; e++) {
        if (mine[e] != null) {
          current[e] = f.result(mine[e]);
        }
      }
      for (Inst i : f.insts(b)) {
        LocalArrayAccesses.Access acc = a.accesses.get(i);
        if (acc == null) {
          continue;
        }
        seen.add(i);
        switch (acc.kind()) {
          case LOAD -> replaced.put(f.result(i), current[acc.element()]);
          case STORE ->
              current[acc.element()] = resolve(replaced, ((InstData.Store) f.data(i)).value());
          case ZERO -> Arrays.fill(current, acc.element(), acc.element() + acc.count(), zero);
          default -> {} // NONE: a half-done zeroing, no effect yet
        }
      }
      atEnd.put(b, current);
      List<Block> children = dom.children(b);
      for (int c = children.size() - 1; c >= 0; c--) {
        work.push(children.get(c));
      }
    }
    for (Inst i : a.accesses.keySet()) {
      if (!seen.contains(i) && a.accesses.get(i).kind() == LocalArrayAccesses.Kind.LOAD) {
        replaced.put(f.result(i), zero); // unreachable
      }
    }
    fillPhis(f, cfg, phis, atEnd, zero, a.accesses.keySet(), replaced);
  }

  private static void fillPhis(
      Function f,
      Cfg cfg,
      Map<Block, Inst[]> phis,
      Map<Block, Value[]> atEnd,
      Value zero,
      Set<Inst> accesses,
      Map<Value, Value> replaced) {
    List<Inst> placed = new ArrayList<>();
    for (var x : phis.entrySet()) {
      List<Block> preds = cfg.predecessors(x.getKey());
      Inst[] row = x.getValue();
      for (int e = 0; e < row.length; e++) {
        if (row[e] == null) {
          continue;
        }
        List<Value> values = new ArrayList<>();
        for (Block p : preds) {
          Value[] end = atEnd.get(p);
          values.add(end == null ? zero : resolve(replaced, end[e]));
        }
        f.setData(row[e], new InstData.Phi(preds, values));
        placed.add(row[e]);
      }
    }
    removeDeadPhis(f, placed, accesses, replaced);
  }

  /**
   * Removes the placed phis nothing but other placed phis reads: the frontier placement is not
   * pruned by liveness, so an element written in a loop and never read after it leaves dead phis.
   */
  private static void removeDeadPhis(
      Function f, List<Inst> placed, Set<Inst> accesses, Map<Value, Value> replaced) {
    Set<Value> candidates = new HashSet<>();
    placed.forEach(p -> candidates.add(f.result(p)));
    Set<Value> live = new HashSet<>();
    Deque<Value> work = new ArrayDeque<>();
    for (Inst i : f.allInsts()) {
      InstData d = f.data(i);
      if (candidates.contains(f.result(i)) || replaced.containsKey(f.result(i))) {
        continue; // placed phis, and the loads about to go
      }
      if (accesses.contains(i)) {
        continue; // the array's stores go too
      }
      for (Value v : d.operands()) {
        Value r = resolve(replaced, v);
        if (candidates.contains(r) && live.add(r)) {
          work.push(r);
        }
      }
    }
    while (!work.isEmpty()) {
      for (Value v : f.data(f.definingInst(work.pop())).operands()) {
        if (candidates.contains(v) && live.add(v)) {
          work.push(v);
        }
      }
    }
    for (Inst p : placed) {
      if (!live.contains(f.result(p))) {
        f.remove(p);
      }
    }
  }

  private static Value resolve(Map<Value, Value> replaced, Value v) {
    Value r = v;
    while (replaced.containsKey(r)) {
      r = replaced.get(r);
    }
    return r;
  }
}
