package dev.jptx.compiler.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A compilation unit: the kernels of one Java class, every device function they reach, and the
 * module variables they use (shared arrays, constant tables, format strings). The backend emits one
 * PTX module from it, so passes that need the whole program (the inliner, the machine outliner) see
 * all its functions here.
 */
public final class Module {
  private final String name;
  private final Map<String, Function> functions = new LinkedHashMap<>();
  private final Map<String, GlobalVariable> globals = new LinkedHashMap<>();

  /** An empty module, named after its Java class (binary name with dots). */
  public Module(String name) {
    this.name = name;
  }

  /** The module's name. */
  public String name() {
    return name;
  }

  /** Adds a function; its name must be new. */
  public void add(Function f) {
    if (functions.putIfAbsent(f.name(), f) != null) {
      throw new IllegalArgumentException("duplicate function @" + f.name());
    }
  }

  /** Removes a function (for example one every call of which was inlined). */
  public void remove(String functionName) {
    functions.remove(functionName);
  }

  /** The function of that name, or null. */
  public Function function(String functionName) {
    return functions.get(functionName);
  }

  /** Adds a module variable; its name must be new. */
  public void addGlobal(GlobalVariable g) {
    if (globals.putIfAbsent(g.name(), g) != null) {
      throw new IllegalArgumentException("duplicate global @" + g.name());
    }
  }

  /** Removes a module variable (one no code refers to any more). */
  public void removeGlobal(String globalName) {
    globals.remove(globalName);
  }

  /** The module variable of that name, or null. */
  public GlobalVariable global(String globalName) {
    return globals.get(globalName);
  }

  /** All module variables in insertion order. */
  public List<GlobalVariable> globals() {
    return List.copyOf(globals.values());
  }

  /**
   * A symbol name not yet used by a function or variable: {@code base}, else {@code base_1}, {@code
   * base_2}, ... (deterministic, so equal inputs give equal PTX).
   */
  public String uniqueName(String base) {
    String n = base;
    for (int k = 1; functions.containsKey(n) || globals.containsKey(n); k++) {
      n = base + "_" + k;
    }
    return n;
  }

  /** All functions in insertion order. */
  public List<Function> functions() {
    return Collections.unmodifiableList(new ArrayList<>(functions.values()));
  }
}
