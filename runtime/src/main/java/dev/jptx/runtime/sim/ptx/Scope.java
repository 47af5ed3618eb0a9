package dev.jptx.runtime.sim.ptx;

import java.util.HashMap;
import java.util.Map;

/**
 * The declarations of one block of a function body: each original name maps to its unique name in
 * the flattened function. Block 0 is the function itself (parameters and top-level declarations
 * keep their names); block {@code n} renames {@code name} to {@code name$n}.
 */
final class Scope {
  /** What a name declares. */
  enum Kind {
    REGISTER,
    VARIABLE,
    PARAM,
    LABEL,
    PROTOTYPE
  }

  /** A declaration: the unique name and what it is. */
  record Entry(String unique, Kind kind) {}

  private final Scope parent;
  private final int id;
  private final Map<String, Entry> entries = new HashMap<>();

  Scope(Scope parent, int id) {
    this.parent = parent;
    this.id = id;
  }

  Scope parent() {
    return parent;
  }

  int id() {
    return id;
  }

  boolean declaresHere(String name) {
    return entries.containsKey(name);
  }

  void declare(String name, Entry entry) {
    entries.put(name, entry);
  }

  /** Finds a name in this block or the blocks around it; null if none declares it. */
  Entry lookup(String name) {
    for (Scope scope = this; scope != null; scope = scope.parent) {
      Entry entry = scope.entries.get(name);
      if (entry != null) {
        return entry;
      }
    }
    return null;
  }
}
