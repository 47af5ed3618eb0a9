package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The generic peephole optimizer's copy folding (seed: machine-passes.md, {@code peephole-opt},
 * LLVM's PeepholeOptimizer; knob {@code disable-peephole}): on SSA machine IR, every reader of an
 * unguarded same-class {@code COPY} (the target-independent pseudo) reads the copied register
 * instead, and a copy of a copy reads the original. SSA makes this always legal: the source's only
 * definition dominates the copy and so every reader of it. Kept: copies between register classes,
 * guarded copies, and PHI operands (a PHI keeps reading its copy, which PHI elimination coalesces).
 * A copy left without readers is deleted by {@code dead-mi-elimination}, which runs after.
 *
 * <p>Job split with {@code redundant-move-elim}: this pass folds the generic {@code COPY} pseudo
 * into all its readers; {@link RedundantMoveElim} handles the target's own {@code mov} instructions
 * that instruction selection leaves. Not done, where the seed's stock pass does more: sub-register
 * rewrites (our register classes have no sub-registers) and folding a compare into a branch when
 * the comparison is known at compile time (the DAG folds constant comparisons before instruction
 * selection, so none reach machine IR, and dropping a CFG edge is branch folding's job).
 *
 * <p>Runs after {@code machine-sink} and before {@code nvptx-peephole} at -O1 and above, as in the
 * seed's pre-RA pipeline. Machine CSE's {@code copy-prop-mcse} (on by default) already reads the
 * sources of every instruction, PHIs included, through copies before this pass runs; what is left
 * here is the guards (CSE leaves them) and all of it when machine CSE or {@code copy-prop-mcse} is
 * off. On SSA machine IR our instruction selection makes no {@code COPY} (PHI elimination, after
 * this pass, is what makes them), so on the 22 benchmark kernels and the test kernels the pass
 * never fires; it is tested on machine IR that has copies.
 */
public final class PeepholeOptimizer implements MachinePass {
  @Override
  public String name() {
    return "peephole-opt";
  }

  @Override
  public boolean run(MachineFunction f) {
    Map<VReg, VReg> copies = new LinkedHashMap<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        VReg src = i.opcode() == MoveOpcodes.COPY ? CopyInstrs.source(f, i) : null;
        if (src != null) {
          copies.put(i.defs().get(0), src);
        }
      }
    }
    return RegisterUses.replace(f, copies, false);
  }
}
