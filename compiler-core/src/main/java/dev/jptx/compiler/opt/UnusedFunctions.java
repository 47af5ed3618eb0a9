package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.GlobalVariable;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Module;
import dev.jptx.compiler.ir.Opcode;
import dev.jptx.compiler.target.DagOpcode;
import dev.jptx.compiler.target.LibCalls;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Removes the device functions no kernel reaches through calls, and the module variables no
 * remaining function refers to.
 */
public final class UnusedFunctions {
  private UnusedFunctions() {}

  /**
   * The device-library functions {@code f} will call once operation legalization turns its {@code
   * LibCall} operations ({@code frem}) into calls: they stay while the operations do.
   */
  private static List<String> libraryCallees(Module m, Function f) {
    List<String> names = new ArrayList<>();
    for (Inst i : f.allInsts()) {
      if (f.data(i) instanceof InstData.Binary b && b.opcode() == Opcode.FREM) {
        LibCalls.Row row = LibCalls.of(DagOpcode.FREM, f.type(f.result(i)));
        for (Function g : m.functions()) {
          if (row != null && g.attributes().javaName().equals(row.javaName())) {
            names.add(g.name());
          }
        }
      }
    }
    return names;
  }

  /** Removes them from {@code m}; true if there was one. */
  public static boolean remove(Module m) {
    Set<String> reached = new HashSet<>();
    List<String> work = new ArrayList<>();
    for (Function f : m.functions()) {
      if (f.kind() == Function.Kind.KERNEL) {
        work.add(f.name());
      }
    }
    while (!work.isEmpty()) {
      String n = work.remove(work.size() - 1);
      Function f = m.function(n);
      if (f != null && reached.add(n)) {
        work.addAll(Inliner.callees(f));
        work.addAll(libraryCallees(m, f));
      }
    }
    boolean changed = false;
    for (Function f : m.functions()) {
      if (!reached.contains(f.name())) {
        m.remove(f.name());
        changed = true;
      }
    }
    Set<String> used = new HashSet<>();
    for (Function f : m.functions()) {
      for (Inst i : f.allInsts()) {
        if (f.data(i) instanceof InstData.GlobalAddress g) {
          used.add(g.symbol());
        }
      }
    }
    for (GlobalVariable g : m.globals()) {
      if (!used.contains(g.name())) {
        m.removeGlobal(g.name());
        changed = true;
      }
    }
    return changed;
  }
}
