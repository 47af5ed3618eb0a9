package dev.jptx.runtime.sim.ptx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A kernel ({@code .entry}) or device function ({@code .func}), with its body flattened: nested
 * blocks are gone, and every register, variable, label and prototype has a name unique within the
 * function.
 *
 * @param entry true for {@code .entry}
 * @param linkage {@code "visible"}, {@code "extern"}, {@code "weak"} or {@code "common"}, {@code
 *     ""} if none
 * @param name the name
 * @param returns the return parameters of a {@code .func}, empty if none
 * @param params the parameters
 * @param directives the performance directives between signature and body, without dots, in order:
 *     {@code "maxntid" -> [256, 1, 1]}, {@code "noreturn" -> []}; {@code .pragma}s are not kept
 * @param registers the declared registers, ranges expanded, in declaration order
 * @param locals the {@code .local .shared .param .const .global} variables declared in the body
 * @param body the labels and instructions, in order
 * @param pos where the name is declared
 * @param prototypes the call prototypes declared in the body
 * @param defined false for a declaration without a body ({@code .extern .func vprintf(...);}, or a
 *     prototype declaration never followed by a definition)
 */
public record PtxFunction(
    boolean entry,
    String linkage,
    String name,
    List<Param> returns,
    List<Param> params,
    Map<String, List<Long>> directives,
    List<Register> registers,
    List<Variable> locals,
    List<Statement> body,
    SourcePos pos,
    List<CallPrototype> prototypes,
    boolean defined) {
  /** Copies the collections; the directive map keeps its order. */
  public PtxFunction {
    returns = List.copyOf(returns);
    params = List.copyOf(params);
    Map<String, List<Long>> copy = new LinkedHashMap<>();
    directives.forEach((key, values) -> copy.put(key, List.copyOf(values)));
    directives = Collections.unmodifiableMap(copy);
    registers = List.copyOf(registers);
    locals = List.copyOf(locals);
    body = List.copyOf(body);
    prototypes = List.copyOf(prototypes);
  }

  /**
   * Creates a defined function without call prototypes, the shape of the original contract.
   *
   * @param entry true for {@code .entry}
   * @param linkage the linkage without a dot, {@code ""} if none
   * @param name the name
   * @param returns the return parameters
   * @param params the parameters
   * @param directives the performance directives
   * @param registers the registers
   * @param locals the variables declared in the body
   * @param body the statements
   * @param pos where the name is declared
   */
  public PtxFunction(
      boolean entry,
      String linkage,
      String name,
      List<Param> returns,
      List<Param> params,
      Map<String, List<Long>> directives,
      List<Register> registers,
      List<Variable> locals,
      List<Statement> body,
      SourcePos pos) {
    this(
        entry,
        linkage,
        name,
        returns,
        params,
        directives,
        registers,
        locals,
        body,
        pos,
        List.of(),
        true);
  }

  /**
   * Finds a parameter or return parameter.
   *
   * @param paramName the name
   * @return the parameter, null if none has that name
   */
  public Param param(String paramName) {
    for (Param param : params) {
      if (param.name().equals(paramName)) {
        return param;
      }
    }
    for (Param param : returns) {
      if (param.name().equals(paramName)) {
        return param;
      }
    }
    return null;
  }

  /**
   * Finds a variable declared in the body.
   *
   * @param localName the unique name
   * @return the variable, null if none has that name
   */
  public Variable local(String localName) {
    for (Variable local : locals) {
      if (local.name().equals(localName)) {
        return local;
      }
    }
    return null;
  }

  /**
   * Returns the body's instructions, labels left out.
   *
   * @return the instructions in order
   */
  public List<Instruction> instructions() {
    List<Instruction> instructions = new ArrayList<>();
    for (Statement statement : body) {
      if (statement instanceof Instruction instruction) {
        instructions.add(instruction);
      }
    }
    return instructions;
  }

  /**
   * Maps each label to its index in {@link #body()}, the index of the label statement itself.
   *
   * @return label name to body index
   */
  public Map<String, Integer> labelIndices() {
    Map<String, Integer> indices = new LinkedHashMap<>();
    for (int i = 0; i < body.size(); i++) {
      if (body.get(i) instanceof Label label) {
        indices.put(label.name(), i);
      }
    }
    return indices;
  }
}
