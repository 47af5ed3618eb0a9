package dev.jptx.runtime.sim.ptx;

/** One entry of a flattened function body: a {@link Label} or an {@link Instruction}. */
public sealed interface Statement permits Label, Instruction {
  /**
   * Returns where the statement starts.
   *
   * @return the position of its first token
   */
  SourcePos pos();
}
