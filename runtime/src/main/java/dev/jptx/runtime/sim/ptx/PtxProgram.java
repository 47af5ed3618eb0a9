package dev.jptx.runtime.sim.ptx;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A parsed PTX module.
 *
 * @param version the {@code .version} as written, such as {@code "9.0"}; {@code ""} if absent
 * @param targets the {@code .target} list, such as {@code [sm_90, texmode_independent]}
 * @param addressSize the {@code .address_size}, 32 if absent (the PTX default)
 * @param variables the module-level variables, in declaration order
 * @param functions the entries and functions, one per name in order of first appearance: a
 *     definition replaces an earlier declaration of the same function
 * @param files the {@code .file} table: index to file name, for {@link DebugLoc}
 */
public record PtxProgram(
    String version,
    List<String> targets,
    int addressSize,
    List<Variable> variables,
    List<PtxFunction> functions,
    Map<Integer, String> files) {
  /** Copies the collections. */
  public PtxProgram {
    targets = List.copyOf(targets);
    variables = List.copyOf(variables);
    functions = List.copyOf(functions);
    files = Collections.unmodifiableMap(new TreeMap<>(files));
  }

  /**
   * Creates a program without a file table, the shape of the original contract.
   *
   * @param version the {@code .version}
   * @param targets the {@code .target} list
   * @param addressSize the {@code .address_size}
   * @param variables the module-level variables
   * @param functions the entries and functions
   */
  public PtxProgram(
      String version,
      List<String> targets,
      int addressSize,
      List<Variable> variables,
      List<PtxFunction> functions) {
    this(version, targets, addressSize, variables, functions, Map.of());
  }

  /**
   * Finds an entry or function.
   *
   * @param name the name
   * @return the function, null if the module has none of that name
   */
  public PtxFunction function(String name) {
    for (PtxFunction function : functions) {
      if (function.name().equals(name)) {
        return function;
      }
    }
    return null;
  }

  /**
   * Finds a module-level variable.
   *
   * @param name the name
   * @return the variable, null if the module has none of that name
   */
  public Variable variable(String name) {
    for (Variable variable : variables) {
      if (variable.name().equals(name)) {
        return variable;
      }
    }
    return null;
  }

  /**
   * Returns the kernels.
   *
   * @return the {@code .entry} functions in order
   */
  public List<PtxFunction> entries() {
    return functions.stream().filter(PtxFunction::entry).toList();
  }
}
