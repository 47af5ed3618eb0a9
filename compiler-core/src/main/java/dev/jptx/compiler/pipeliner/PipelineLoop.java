package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.mir.MachineBlock;
import java.util.List;

/**
 * A loop the pipeliner may transform (seed: "candidate loops with a single-block body"): one block
 * {@code body} that branches to itself, entered from one block outside it and left to one block
 * outside it, in SSA machine IR.
 *
 * @param body the loop's only block: PHIs first, then the instructions to schedule, then its
 *     branches
 * @param entry the one predecessor outside the loop (the PHIs' outside operands come from it)
 * @param exit the one successor outside the loop
 * @param control indices into {@code body.instrs()} of the loop-control slice: the instructions of
 *     this iteration that the exit branch's predicate depends on (the induction step and the
 *     compare). They are pure register arithmetic, and a schedule places them in stage 0, so that
 *     the kernel's branch tests whether the newest iteration in flight has a successor
 */
public record PipelineLoop(
    MachineBlock body, MachineBlock entry, MachineBlock exit, List<Integer> control) {
  /** Copies the list. */
  public PipelineLoop {
    control = List.copyOf(control);
  }
}
