package dev.jptx.compiler.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A compilation unit: the kernels of one Java class and every device function they reach. The
 * backend emits one PTX module from it, so passes that need the whole program (the inliner, the
 * machine outliner) see all its functions here.
 */
public final class Module {
  private final String name;
  private final Map<String, Function> functions = new LinkedHashMap<>();

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

  /** All functions in insertion order. */
  public List<Function> functions() {
    return Collections.unmodifiableList(new ArrayList<>(functions.values()));
  }
}
