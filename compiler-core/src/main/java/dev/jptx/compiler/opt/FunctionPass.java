package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Function;

/**
 * A mid-level optimization: one job, no state between runs. Each implementation's Javadoc states
 * the algorithm and what it requires and preserves.
 */
public interface FunctionPass {
  /** The pass name, as {@code --print-after} and the {@code disable-<name>} knob spell it. */
  String name();

  /** Transforms {@code f} in place; returns true if it changed anything. */
  boolean run(Function f);
}
