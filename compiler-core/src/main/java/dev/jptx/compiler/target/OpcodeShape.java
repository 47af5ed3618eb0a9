package dev.jptx.compiler.target;

import java.util.List;

/**
 * What a machine opcode's row says besides its name and PTX ISA version, as a row constructor of
 * {@link Rows} builds it from the row's few columns.
 *
 * @param family the constraint family
 * @param defs the register class of each result
 * @param uses what each source operand accepts
 * @param template how the PTX printer spells it ({@link MachineOpcode}); empty for pseudo
 *     instructions
 * @param hasSideEffects true if it may not be removed or reordered across other effects
 */
public record OpcodeShape(
    ConstraintFamily family,
    List<RegisterClass> defs,
    List<OperandSpec> uses,
    String template,
    boolean hasSideEffects) {

  /** Copies the lists. */
  public OpcodeShape {
    defs = List.copyOf(defs);
    uses = List.copyOf(uses);
  }
}
