package dev.jptx.compiler.target;

import java.util.List;

/**
 * One machine opcode of the NVPTX target, the single source that instruction selection, the MIR
 * verifier and the PTX printer read: its operand constraints, its print template, and the PTX ISA
 * version it needs. Opcodes are the constants of the family tables ({@code IntegerOpcodes.ADD_S32},
 * one row each, its name the constant's) and the rows the product tables generate ({@link
 * MemoryOpcodes}: state space x memory type; {@link AtomicOpcodes}: state space x operation).
 *
 * <p>Templates name operands as {@code {d0}} (the first result), {@code {u1}} (the second source
 * operand), and {@code {a0}} (an address made of sources 0 and 1: a base register or symbol and an
 * immediate byte offset, printed {@code [%rd1+8]} or {@code [%rd1]}); {@code {D0}} and {@code {U2}}
 * are PTX vector operands, the results from the first or the sources from the third on, printed
 * {@code {%f1, %f2, %f3, %f4}}; a doubled brace is a literal one, for vector operands the template
 * spells out, such as {@code mov.b128}'s pair of halves.
 */
public interface MachineOpcode {
  /** The unique name used in MIR text, {@code ADD_S32}; the template gives the PTX. */
  String name();

  /**
   * The PTX ISA version the instruction needs (PTX ISA manual, each instruction's "PTX ISA Notes";
   * {@code .b128} operands need 8.3), or {@link PtxIsa#ANY} where every target that selects it has
   * it in its minimum. A module's {@code .version} is the highest of its target's minimum and its
   * instructions' versions, so a module uses the lowest ISA its target and features allow.
   */
  PtxVersion ptxIsa();

  /**
   * The operands, template and effects, as the table's row constructor ({@link Rows}) made them.
   */
  OpcodeShape shape();

  /** The constraint family. */
  default ConstraintFamily family() {
    return shape().family();
  }

  /** The register class of each result. */
  default List<RegisterClass> defs() {
    return shape().defs();
  }

  /** What each source operand accepts. */
  default List<OperandSpec> uses() {
    return shape().uses();
  }

  /** How the PTX printer spells it; empty for pseudo instructions. */
  default String template() {
    return shape().template();
  }

  /** True if it may not be removed or reordered across other effects. */
  default boolean hasSideEffects() {
    return shape().hasSideEffects();
  }

  /** True for instructions that end a block ({@code bra ret}). */
  default boolean isTerminator() {
    return family() == ConstraintFamily.PREDICATED;
  }

  /** True for machine-IR-only instructions that PTX printing never sees. */
  default boolean isPseudo() {
    return family() == ConstraintFamily.PSEUDO;
  }
}
