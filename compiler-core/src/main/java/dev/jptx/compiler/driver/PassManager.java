package dev.jptx.compiler.driver;

import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.ir.IrVerifier;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MirVerifier;
import dev.jptx.compiler.stats.PassCounters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs passes and groups of the {@link PassRegistry} by name on a {@link Code}: each pass only if
 * its condition holds (unless asked for by name with {@link #runForced}), only on a form it needs
 * (else an error naming both forms), and after it the verifier of the form it left (in verifying
 * builds), the dumps asked for, its wall time and its counters.
 */
final class PassManager {
  private final PassContext context;
  private final DumpSink sink;
  private final PassStatistics statistics;
  private final Map<String, List<MachinePass>> extras = new HashMap<>();
  private final boolean userInput;

  /**
   * A manager for the pipeline (a pass on the wrong form is a compiler bug) or, with {@code
   * userInput}, for code the user wrote (a pass on the wrong form is the user's mistake).
   */
  PassManager(PassContext context, DumpSink sink, PassStatistics statistics, boolean userInput) {
    this.context = context;
    this.sink = sink;
    this.statistics = statistics;
    this.userInput = userInput;
  }

  /** Machine passes to run at the end of {@code group}, after its own (tests and experiments). */
  void addExtras(String group, List<MachinePass> passes) {
    extras.computeIfAbsent(group, k -> new ArrayList<>()).addAll(passes);
  }

  /** Runs the named passes and groups in order, each pass under its condition. */
  void run(Code code, List<String> names) {
    for (String n : names) {
      runName(code, n, false);
    }
  }

  /**
   * Runs the named passes whatever their conditions (as {@code run-pass} and the file tests ask);
   * the members of a named group keep theirs.
   */
  void runForced(Code code, List<String> names) {
    for (String n : names) {
      runName(code, PassRegistry.checkName(n), true);
    }
  }

  /** Sends the code to the sink if {@code point} was asked for. */
  void dump(PrintPoint point, String unit, Supplier<String> text) {
    if (context.options().print().contains(point)) {
      sink.dump(point, unit, text.get());
    }
  }

  private void runName(Code code, String name, boolean forced) {
    PassGroup g = PassRegistry.group(name);
    if (g != null) {
      runGroup(code, g);
    } else {
      runPass(code, PassRegistry.pass(name), forced);
    }
  }

  private void runGroup(Code code, PassGroup g) {
    if (!g.gate().isEmpty() && !PassRegistry.pass(g.gate()).enabled(context.options())) {
      return;
    }
    dump(PrintPoint.before(g.name()), code.unit(), code::print);
    for (String m : g.members()) {
      runName(code, m, false);
    }
    for (MachinePass p : extras.getOrDefault(g.name(), List.of())) {
      long start = System.nanoTime();
      for (MachineFunction mf : code.machine()) {
        PassRunner.run(mf.info().javaName(), p.name(), () -> p.run(mf));
      }
      finish(code, p.name(), start, -1, new LinkedHashMap<>());
    }
    dump(PrintPoint.after(g.name()), code.unit(), code::print);
  }

  private void runPass(Code code, PassInfo p, boolean forced) {
    if (!forced && !p.enabled(context.options())) {
      return;
    }
    IrForm found = code.form();
    if (!p.needs().contains(found)) {
      String message =
          "pass '"
              + p.name()
              + "' needs "
              + describe(p)
              + ", but the code is "
              + found.description();
      if (userInput) {
        throw new IllegalArgumentException(message);
      }
      PassRunner.fail(code.unit(), p.name(), message);
    }
    dump(PrintPoint.before(p.name()), code.unit(), code::print);
    code.clearNotes();
    long before = statistics == null ? -1 : code.instructionCount();
    Map<String, Long> counts = new LinkedHashMap<>();
    long start = System.nanoTime();
    if (statistics == null) {
      p.body().run(code, p.name(), context);
    } else {
      PassCounters.collecting(
          counts,
          () -> {
            p.body().run(code, p.name(), context);
            return null;
          });
    }
    IrForm expected = p.leaves() == null ? found : p.leaves();
    if (code.form() != expected) {
      PassRunner.fail(
          code.unit(),
          p.name(),
          "pass '"
              + p.name()
              + "' left "
              + code.form().description()
              + ", not "
              + expected.description());
    }
    finish(code, p.name(), start, before, counts);
  }

  /** Verification, timing, counters and the dump after a pass. */
  private void finish(Code code, String name, long start, long before, Map<String, Long> counts) {
    if (statistics != null) {
      statistics.time(name, System.nanoTime() - start);
      counts.forEach((what, n) -> statistics.count(name, what, n));
      long after = code.instructionCount();
      if (before >= 0 && after >= 0 && after != before) {
        statistics.count(
            name,
            after < before ? "instructions removed" : "instructions added",
            Math.abs(before - after));
      }
    }
    verify(code, name);
    dump(PrintPoint.after(name), code.unit(), code::print);
  }

  private void verify(Code code, String after) {
    boolean machineChecks =
        context.verifying() || context.options().knobs().flag("verify-machineinstrs");
    switch (code.form()) {
      case IR -> {
        if (context.verifying()) {
          PassRunner.run(code.unit(), after, () -> IrVerifier.check(code.module()));
        }
      }
      case SSA_MIR, MIR, ALLOCATED_MIR -> {
        if (machineChecks) {
          for (MachineFunction mf : code.machine()) {
            PassRunner.run(mf.info().javaName(), after, () -> MirVerifier.check(mf, after));
          }
        }
      }
      default -> {
        // DAGs are checked by the legalizers themselves; PTX by ptxas
      }
    }
  }

  private static String describe(PassInfo p) {
    List<String> forms = new ArrayList<>();
    for (IrForm f : IrForm.values()) {
      if (p.needs().contains(f)) {
        forms.add(f.description());
      }
    }
    return String.join(" or ", forms);
  }
}
