package dev.jptx.compiler.pipeliner;

import dev.jptx.compiler.codegen.analysis.MachineDominatorTree;
import dev.jptx.compiler.codegen.analysis.MachineLoopInfo;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.ConstraintFamily;
import dev.jptx.compiler.target.MoveOpcodes;
import dev.jptx.compiler.target.PipelineClass;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Finds the loops the pipeliner may schedule (seed: MachinePipeliner, "candidate loops with a
 * single-block body") in SSA machine IR, and says why each other loop is not one. A candidate's
 * body is its only block, entered from one block outside and left to one block outside, ending in a
 * guarded branch and an unguarded one (one to itself, one out); it holds no barrier, warp-wide
 * instruction (shuffles and votes are convergent: moving them across iterations changes which
 * threads take part) or call; and the exit predicate's slice within the iteration is pure register
 * arithmetic, so that it can run in stage 0.
 */
public final class PipelineLoops {
  /** A loop that is not a candidate: its header and the reason, as the remark says it. */
  public record Skipped(MachineBlock header, String reason) {}

  /** The candidates and the other loops of one function, in the loop analysis' order. */
  public record Found(List<PipelineLoop> candidates, List<Skipped> skipped) {}

  private PipelineLoops() {}

  /** The loops of {@code f}, which must be in SSA form. */
  public static Found of(MachineFunction f) {
    MachineLoopInfo info = MachineLoopInfo.of(f, MachineDominatorTree.of(f));
    List<List<MachineBlock>> preds = f.predecessors();
    List<PipelineLoop> candidates = new ArrayList<>();
    List<Skipped> skipped = new ArrayList<>();
    for (MachineLoopInfo.Loop l : info.loops()) {
      MachineBlock body = l.header();
      String why = reason(f, l, preds);
      if (why != null) {
        skipped.add(new Skipped(body, why));
        continue;
      }
      MachineBlock entry =
          preds.get(body.id()).stream().filter(p -> p != body).findFirst().orElseThrow();
      MachineBlock exit =
          f.successors(body).stream().filter(s -> s != body).findFirst().orElseThrow();
      List<Integer> control = controlSlice(body);
      if (control == null) {
        skipped.add(
            new Skipped(body, "Loop exit condition depends on more than register arithmetic"));
        continue;
      }
      candidates.add(new PipelineLoop(body, entry, exit, control));
    }
    return new Found(candidates, skipped);
  }

  private static String reason(
      MachineFunction f, MachineLoopInfo.Loop l, List<List<MachineBlock>> preds) {
    MachineBlock body = l.header();
    if (l.blocks().size() != 1) {
      return "Loop has more than one block";
    }
    long outside = preds.get(body.id()).stream().filter(p -> p != body).count();
    if (outside != 1) {
      return "Loop has " + outside + " predecessors outside it, not one";
    }
    if (f.successors(body).size() != 2) {
      return "Loop has no single exit";
    }
    List<MachineInstr> is = body.instrs();
    int n = is.size();
    if (n < 2
        || !isBranch(is.get(n - 2))
        || is.get(n - 2).guard() == null
        || !isBranch(is.get(n - 1))
        || is.get(n - 1).guard() != null) {
      return "Loop does not end in a conditional and an unconditional branch";
    }
    for (int i = 0; i < n - 2; i++) {
      MachineInstr mi = is.get(i);
      ConstraintFamily fam = mi.opcode().family();
      if (fam == ConstraintFamily.BARRIER) {
        return "Loop contains a barrier or fence (" + mi.opcode().name() + ")";
      }
      if (fam == ConstraintFamily.WARP) {
        return "Loop contains a convergent warp-wide instruction (" + mi.opcode().name() + ")";
      }
      if (fam == ConstraintFamily.CALL || fam == ConstraintFamily.PREDICATED) {
        return "Loop contains a call or a branch before its end (" + mi.opcode().name() + ")";
      }
      if (mi.opcode() == MoveOpcodes.PHI && i > 0 && is.get(i - 1).opcode() != MoveOpcodes.PHI) {
        return "Loop has a PHI after its first instruction";
      }
    }
    return null;
  }

  private static boolean isBranch(MachineInstr mi) {
    return mi.opcode() == MoveOpcodes.BRA && mi.uses().get(0) instanceof MOperand.BlockRef;
  }

  /**
   * The indices of the instructions of this iteration that the exit predicate depends on, or null
   * if one of them is not register arithmetic (a load, an atomic, a conversion through the SFU is
   * fine, memory is not).
   */
  private static List<Integer> controlSlice(MachineBlock body) {
    List<MachineInstr> is = body.instrs();
    Map<VReg, Integer> defs = new HashMap<>();
    for (int i = 0; i < is.size(); i++) {
      for (VReg d : is.get(i).defs()) {
        defs.put(d, i);
      }
    }
    TreeSet<Integer> slice = new TreeSet<>();
    List<VReg> work = new ArrayList<>();
    work.add(is.get(is.size() - 2).guard().predicate());
    BitSet seen = new BitSet();
    while (!work.isEmpty()) {
      VReg r = work.remove(work.size() - 1);
      Integer d = defs.get(r);
      if (d == null || seen.get(d) || is.get(d).opcode() == MoveOpcodes.PHI) {
        continue;
      }
      seen.set(d);
      PipelineClass c = PipelineClass.of(is.get(d).opcode());
      if (c.accessesMemory() || c == PipelineClass.CONST_LOAD || c == PipelineClass.SHUFFLE) {
        return null;
      }
      slice.add(d);
      work.addAll(is.get(d).usedRegs());
    }
    return List.copyOf(slice);
  }
}
