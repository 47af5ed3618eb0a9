package dev.jptx.compiler.validate;

import dev.jptx.compiler.target.SmTarget;

/** Assembles PTX to check it, and reports what the assembler says. */
public interface PtxValidator {
  /** A short name with version, for build output. */
  String name();

  /** True if this validator can assemble modules for {@code target}. */
  boolean supports(SmTarget target);

  /**
   * True if this validator can assemble this module for {@code target}: by default whenever it
   * supports the target; a validator that reads only some PTX ISA versions also checks the module's
   * {@code .version}.
   */
  default boolean supports(String ptx, SmTarget target) {
    return supports(target);
  }

  /** Assembles {@code ptx} for {@code target}. */
  ValidationResult validate(String ptx, SmTarget target);
}
