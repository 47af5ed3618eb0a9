package dev.jptx.compiler.target;

import java.util.List;

/**
 * One machine opcode of the NVPTX target, the single source that instruction selection, the MIR
 * verifier and the PTX printer read: its operand constraints and its print template.
 *
 * <p>Templates name operands as {@code {d0}} (the first result), {@code {u1}} (the second source
 * operand), and {@code {a0}} (an address made of sources 0 and 1: a base register or symbol and an
 * immediate byte offset, printed {@code [%rd1+8]} or {@code [%rd1]}); {@code {D0}} and {@code {U2}}
 * are PTX vector operands, the results from the first or the sources from the third on, printed
 * {@code {%f1, %f2, %f3, %f4}}; a doubled brace is a literal one, for vector operands the template
 * spells out, such as {@code mov.b128}'s pair of halves.
 *
 * @param name the unique name used in MIR text, {@code ADD_S32}; the template gives the PTX
 * @param family the constraint family
 * @param defs the register class of each result
 * @param uses what each source operand accepts
 * @param template how the PTX printer spells it; empty for pseudo instructions
 * @param hasSideEffects true if it may not be removed or reordered across other effects
 */
public record MachineOpcode(
    String name,
    ConstraintFamily family,
    List<RegisterClass> defs,
    List<OperandSpec> uses,
    String template,
    boolean hasSideEffects) {

  /** Copies the lists. */
  public MachineOpcode {
    defs = List.copyOf(defs);
    uses = List.copyOf(uses);
  }

  /** True for instructions that end a block ({@code bra ret}). */
  public boolean isTerminator() {
    return family == ConstraintFamily.PREDICATED;
  }

  /** True for machine-IR-only instructions that PTX printing never sees. */
  public boolean isPseudo() {
    return family == ConstraintFamily.PSEUDO;
  }

  @Override
  public String toString() {
    return name;
  }
}
