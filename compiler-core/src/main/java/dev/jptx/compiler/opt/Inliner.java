package dev.jptx.compiler.opt;

import dev.jptx.compiler.graph.Cycles;
import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.BodyCopier;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.ir.Value;
import dev.jptx.compiler.ir.VoidType;
import dev.jptx.compiler.stats.PassCounters;
import dev.jptx.compiler.target.FastMathApproximations;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Inlines device functions into their callers, bottom-up over the call graph, where profitable: the
 * callee is not {@code @NoInline}, not recursive (no path from it back to itself), not larger than
 * {@code threshold} instructions, and not an exact-math function called from a fast-math one: fast
 * math belongs to a function, so inlined code would take the caller's and could be contracted,
 * which the device library's double-double arithmetic cannot survive. {@code GpuMath}'s float
 * library ({@code FloatMath}) is the exception: written with explicit {@code fma}s and no exact
 * error terms that a contracted product could break, it stays within CUDA's bounds contracted
 * (MathLibraryOnSimulatorTest), as nvcc contracts its own {@code cbrtf} or {@code log1pf} under
 * {@code -use_fast_math}, and a call would cost a fast-math kernel more than the function's
 * difference from nvcc's. Device functions no call reaches afterwards are removed from the module.
 * Inlined code from another source file takes the line of its call, so {@code .loc} lines stay in
 * the caller's file.
 *
 * <p>An {@code alwaysinline} callee (one that returns an array of its own frame) is inlined
 * whatever its size, and into a fast-math caller too, whose math mode its body then takes: that is
 * not a choice but what makes its result usable. {@link #runAlwaysInline} inlines only those, at
 * every optimization level; only recursion stops it, which the front end already rejects.
 */
public final class Inliner {
  private final Module m;
  private final int threshold;
  private final boolean onlyAlwaysInline;

  private Inliner(Module m, int threshold, boolean onlyAlwaysInline) {
    this.m = m;
    this.threshold = threshold;
    this.onlyAlwaysInline = onlyAlwaysInline;
  }

  /** Inlines in every function of {@code m}; true if anything changed. */
  public static boolean run(Module m, int threshold) {
    return new Inliner(m, threshold, false).run();
  }

  /**
   * Inlines only the {@code alwaysinline} callees, into every caller; removes the functions nothing
   * calls any more only if it inlined one, so that a module without any stays as it was. True if
   * anything changed.
   */
  public static boolean runAlwaysInline(Module m) {
    return new Inliner(m, 0, true).run();
  }

  private boolean run() {
    Set<String> recursive = recursiveFunctions();
    boolean changed = false;
    for (Function f : postOrder()) {
      // every call the walk finds, then again for the calls the inlined bodies brought (a callee
      // keeps a call it may not inline, such as a strict one in fast-math code, that its caller
      // may): a walk per inlined call made functions with many calls quadratic
      boolean again = true;
      while (again) {
        again = false;
        for (Inst i : f.allInsts()) {
          if (f.data(i) instanceof InstData.Call c) {
            Function callee = m.function(c.callee());
            if (callee != null && !recursive.contains(callee.name()) && wanted(f, callee)) {
              inline(f, i, callee);
              PassCounters.add(
                  callee.attributes().alwaysInline() ? "calls always inlined" : "calls inlined", 1);
              changed = true;
              again = true;
            }
          }
        }
      }
    }
    if (onlyAlwaysInline && !changed) {
      return false;
    }
    return UnusedFunctions.remove(m) || changed;
  }

  /** True if {@code callee}, not recursive, is to be inlined into {@code caller}. */
  private boolean wanted(Function caller, Function callee) {
    if (callee.attributes().alwaysInline()) {
      return true;
    }
    return !onlyAlwaysInline
        && !callee.attributes().noInline()
        && (callee.attributes().fastMath()
            || !caller.attributes().fastMath()
            || callee.attributes().javaName().startsWith(FastMathApproximations.LIBRARY))
        && callee.allInsts().size() <= threshold;
  }

  /** Callees before callers, so each callee is already as inlined as it gets. */
  private List<Function> postOrder() {
    List<Function> order = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Function f : m.functions()) {
      visit(f, seen, order);
    }
    return order;
  }

  private void visit(Function f, Set<String> seen, List<Function> order) {
    if (!seen.add(f.name())) {
      return;
    }
    for (String callee : callees(f)) {
      Function g = m.function(callee);
      if (g != null) {
        visit(g, seen, order);
      }
    }
    order.add(f);
  }

  static Set<String> callees(Function f) {
    Set<String> out = new LinkedHashSet<>();
    for (Inst i : f.allInsts()) {
      if (f.data(i) instanceof InstData.Call c) {
        out.add(c.callee());
      }
    }
    return out;
  }

  /** The functions on a cycle of the call graph. */
  private Set<String> recursiveFunctions() {
    Map<String, Set<String>> calls = new HashMap<>();
    for (Function f : m.functions()) {
      calls.put(f.name(), callees(f));
    }
    return Cycles.onCycles(calls);
  }

  private void inline(Function f, Inst call, Function callee) {
    InstData.Call c = (InstData.Call) f.data(call);
    int callLine = f.line(call);
    boolean sameFile = callee.attributes().sourceFile().equals(f.attributes().sourceFile());
    Block before = f.blockOf(call);
    Block tail = f.splitBlockBefore(call);
    Map<Value, Value> values = new HashMap<>();
    for (int k = 0; k < callee.params().size(); k++) {
      values.put(callee.params().get(k), c.args().get(k));
    }
    Map<Block, Block> blocks = BodyCopier.copy(callee, f, values, before);
    f.append(before, new InstData.Jump(blocks.get(callee.entry())), VoidType.VOID, callLine);
    List<Block> returnBlocks = new ArrayList<>();
    List<Value> returned = new ArrayList<>();
    for (Block b : callee.blocks()) {
      Block nb = blocks.get(b);
      for (Inst i : f.insts(nb)) {
        if (!sameFile) {
          f.setLine(i, callLine);
        }
      }
      Inst t = f.terminator(nb);
      if (f.data(t) instanceof InstData.Return r) {
        int line = f.line(t);
        f.remove(t);
        f.append(nb, new InstData.Jump(tail), VoidType.VOID, line);
        returnBlocks.add(nb);
        if (!r.values().isEmpty()) {
          returned.add(r.values().get(0));
        }
      }
    }
    Value result = f.result(call);
    if (result != null) {
      Value v;
      if (returned.size() == 1) {
        v = returned.get(0);
      } else {
        Inst phi =
            f.insertAtStart(
                tail, new InstData.Phi(returnBlocks, returned), f.type(result), callLine);
        v = f.result(phi);
      }
      f.replaceAllUses(result, v);
    }
    f.remove(call);
  }
}
