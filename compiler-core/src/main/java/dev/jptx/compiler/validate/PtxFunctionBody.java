package dev.jptx.compiler.validate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The instructions of one {@code .entry} or {@code .func}, with every register's definitions and
 * uses by name. After PHI elimination the compiler's PTX is not in SSA form, so a register may have
 * several definitions; the rules ask about all of them.
 */
final class PtxFunctionBody {
  private final String name;
  private final List<PtxStatement> statements;
  private final Map<String, List<PtxStatement>> defs = new HashMap<>();
  private final Map<String, List<PtxStatement>> uses = new HashMap<>();

  PtxFunctionBody(String name, List<PtxStatement> statements) {
    this.name = name;
    this.statements = List.copyOf(statements);
    for (PtxStatement s : this.statements) {
      for (String d : s.defs()) {
        defs.computeIfAbsent(d, k -> new ArrayList<>()).add(s);
      }
      // an instruction that reads a register twice is one use
      for (String u : new LinkedHashSet<>(s.uses())) {
        uses.computeIfAbsent(u, k -> new ArrayList<>()).add(s);
      }
    }
  }

  String name() {
    return name;
  }

  List<PtxStatement> statements() {
    return statements;
  }

  /** The instructions that write {@code register}, in text order. */
  List<PtxStatement> definitions(String register) {
    return defs.getOrDefault(register, List.of());
  }

  /** The instructions that read {@code register}, in text order, each once. */
  List<PtxStatement> usesOf(String register) {
    return uses.getOrDefault(register, List.of());
  }
}
