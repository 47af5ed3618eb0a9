package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Where the local arrays of one function come from: its own {@code alloca}s, and the calls of
 * device functions that return a local array of theirs. Such a call is always inlined, so its
 * callee's {@code new} becomes one slot of this function's frame made at the call: for lifetimes
 * the call is an allocation. The caller reads a call's array back from the result slot it passed
 * the callee ({@link ArrayResults}), so a load from that slot stands for the call.
 */
final class LocalArraySources {
  private final Function f;
  private final Predicate<String> returnsLocal;
  // every call by its last argument, without casts: the result slot of a call returning an array
  private final Map<Value, List<Inst>> callsByLastArgument = new HashMap<>();

  /**
   * The sources of {@code f}; {@code returnsLocal} tells which callees return a local array, asked
   * anew on every {@link #behind} (a caller of a growing set sees it grow).
   */
  LocalArraySources(Function f, Predicate<String> returnsLocal) {
    this.f = f;
    this.returnsLocal = returnsLocal;
    for (Inst i : f.allInsts()) {
      if (f.data(i) instanceof InstData.Call c && !c.args().isEmpty()) {
        Value last = stripCasts(c.args().get(c.args().size() - 1));
        callsByLastArgument.computeIfAbsent(last, k -> new ArrayList<>()).add(i);
      }
    }
  }

  /**
   * The allocations (an {@code alloca}, or a call returning a local array) an address may come from
   * through casts, offsets, phis and selects, in the order found; empty for a parameter, a shared
   * array or a table.
   */
  List<Inst> behind(Value v) {
    List<Inst> out = new ArrayList<>();
    Set<Value> seen = new HashSet<>();
    Deque<Value> work = new ArrayDeque<>(List.of(v));
    while (!work.isEmpty()) {
      Value x = work.poll();
      Inst def = f.definingInst(x);
      if (def == null || !seen.add(x)) {
        continue;
      }
      InstData d = f.data(def);
      if (d instanceof InstData.Alloca) {
        out.add(def);
      } else if (d instanceof InstData.Load l) {
        for (Inst call : callsByLastArgument.getOrDefault(l.address(), List.of())) {
          if (returnsLocal.test(((InstData.Call) f.data(call)).callee())) {
            out.add(call);
          }
        }
      } else if (d instanceof InstData.PtrAdd p) {
        work.add(p.base());
      } else if (d instanceof InstData.Cast c) {
        work.add(c.operand());
      } else if (d instanceof InstData.Phi p) {
        work.addAll(p.values());
      } else if (d instanceof InstData.Select s) {
        work.add(s.ifTrue());
        work.add(s.ifFalse());
      }
    }
    return out;
  }

  private Value stripCasts(Value v) {
    Inst def = f.definingInst(v);
    return def != null && f.data(def) instanceof InstData.Cast c ? c.operand() : v;
  }
}
