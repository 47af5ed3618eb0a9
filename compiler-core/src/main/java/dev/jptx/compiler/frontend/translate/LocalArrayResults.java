package dev.jptx.compiler.frontend.translate;

import dev.jptx.compiler.graph.Cycles;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Device functions that return a local array: one of their own frame ({@code int[] a = new int[4];
 * return a;}, through phis and selects too, on one path or all), or one that a function of this
 * kind returned to them. A {@code .func}'s frame is gone once it returns, so each is marked {@code
 * alwaysinline}, which the {@code always-inline} pass honours at every optimization level: inlined,
 * the callee's {@code new} is a slot of its caller's frame, which outlives the call. One that
 * cannot be inlined ({@code @NoInline}, or on a cycle of calls) is an error at the {@code return}
 * that hands its array back.
 *
 * <p>It runs once the whole class is translated, since a caller's body is translated before the
 * callees it queues; then {@link LocalArrayLifetimes} checks every function, with the calls of
 * these functions as allocations.
 */
public final class LocalArrayResults {
  private final List<TranslationContext> bodies;
  private final Map<String, TranslationContext> byName = new HashMap<>();
  private final Map<String, LocalArraySources> sources = new HashMap<>();
  // the functions returning a local array, in the order of the bodies
  private final Set<String> local = new LinkedHashSet<>();

  private LocalArrayResults(List<TranslationContext> bodies) {
    this.bodies = bodies;
    for (TranslationContext cx : bodies) {
      byName.put(cx.f.name(), cx);
      sources.put(cx.f.name(), new LocalArraySources(cx.f, local::contains));
    }
  }

  /**
   * Marks the device functions of {@code unit} that return a local array {@code alwaysinline},
   * reports those that cannot be inlined, then the local arrays of every function used after the
   * loop made the next one.
   */
  public static void check(TranslationUnit unit) {
    LocalArrayResults r = new LocalArrayResults(unit.translated);
    r.findLocal();
    Set<String> rejected = r.rejected();
    r.mark(rejected);
    // a call of a rejected function is no allocation: its error says what to change, and one
    // mistake gives one error
    r.local.removeAll(rejected);
    for (TranslationContext cx : unit.translated) {
      for (Inst i : LocalArrayLifetimes.keptAcrossIterations(cx.f, r.sources.get(cx.f.name()))) {
        cx.errorAt(
            cx.f.line(i),
            cx.f.data(i) instanceof InstData.Call c
                ? LocalArrayLifetimes.callMessage(r.javaName(c.callee()))
                : LocalArrayLifetimes.MESSAGE);
      }
    }
  }

  /** The least set of functions whose returned array may be local: a fixpoint over the calls. */
  private void findLocal() {
    boolean changed = true;
    while (changed) {
      changed = false;
      for (TranslationContext cx : bodies) {
        if (!local.contains(cx.f.name()) && !returns(cx).isEmpty()) {
          local.add(cx.f.name());
          changed = true;
        }
      }
    }
  }

  /** The allocations behind the arrays {@code cx}'s function returns, by {@code return}. */
  private Map<Inst, List<Inst>> returns(TranslationContext cx) {
    Map<Inst, List<Inst>> out = new LinkedHashMap<>();
    if (cx.arrayResult == null) {
      return out;
    }
    LocalArraySources s = sources.get(cx.f.name());
    for (Inst i : cx.f.allInsts()) {
      Value v = ArrayResults.returnedAddress(cx.f, cx.arrayResult, i);
      List<Inst> behind = v == null ? List.of() : s.behind(v);
      if (!behind.isEmpty()) {
        out.put(i, behind);
      }
    }
    return out;
  }

  /**
   * Reports the functions that return a local array and cannot be inlined, and returns them. One
   * whose local arrays all come from such functions is left unreported: the callee's error says it.
   */
  private Set<String> rejected() {
    if (local.isEmpty()) {
      return Set.of();
    }
    Set<String> recursive = Cycles.onCycles(callGraph());
    Set<String> cannot = new HashSet<>();
    for (String name : local) {
      if (byName.get(name).f.attributes().noInline() || recursive.contains(name)) {
        cannot.add(name);
      }
    }
    for (String name : local) {
      if (cannot.contains(name)) {
        report(byName.get(name), recursive.contains(name), cannot);
      }
    }
    return cannot;
  }

  private void report(TranslationContext cx, boolean recursive, Set<String> cannot) {
    for (Map.Entry<Inst, List<Inst>> e : returns(cx).entrySet()) {
      String made = null;
      for (Inst a : e.getValue()) {
        if (cx.f.data(a) instanceof InstData.Call c) {
          if (made == null && !cannot.contains(c.callee())) {
            made = " (new " + type(cx) + "[...] in " + javaName(c.callee()) + ")";
          }
        } else {
          made = " of its own (new " + type(cx) + "[...])";
          break;
        }
      }
      if (made != null) {
        cx.errorAt(cx.f.line(e.getKey()), message(made, recursive));
        return;
      }
    }
  }

  private static String type(TranslationContext cx) {
    return cx.arrayResultElement.getClassName();
  }

  private static String message(String made, boolean recursive) {
    String why =
        recursive
            ? "it is recursive, so it cannot be: take the array as a parameter"
            : "it is @NoInline: remove @NoInline, or take the array as a parameter";
    return "a device function that returns a local array"
        + made
        + " is always inlined, since a .func's frame is gone once it returns, but "
        + why;
  }

  private void mark(Set<String> rejected) {
    for (String name : local) {
      if (!rejected.contains(name)) {
        Function f = byName.get(name).f;
        f.setAttributes(f.attributes().withAlwaysInline(true));
      }
    }
  }

  private Map<String, Set<String>> callGraph() {
    Map<String, Set<String>> calls = new HashMap<>();
    for (TranslationContext cx : bodies) {
      Set<String> callees = new LinkedHashSet<>();
      for (Inst i : cx.f.allInsts()) {
        if (cx.f.data(i) instanceof InstData.Call c) {
          callees.add(c.callee());
        }
      }
      calls.put(cx.f.name(), callees);
    }
    return calls;
  }

  private String javaName(String symbol) {
    TranslationContext cx = byName.get(symbol);
    return cx == null ? symbol : cx.f.attributes().javaName();
  }
}
