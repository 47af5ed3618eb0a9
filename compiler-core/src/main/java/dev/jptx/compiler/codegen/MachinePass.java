package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.MachineFunction;

/**
 * A machine pass: one job on machine IR, no state between runs. Each implementation's Javadoc names
 * the seed section it follows and what it requires and preserves.
 */
public interface MachinePass {
  /** The pass ID, as the seed spells it (for {@code --print-after} and knobs). */
  String name();

  /** Transforms {@code f} in place; returns true if it changed anything. */
  boolean run(MachineFunction f);
}
