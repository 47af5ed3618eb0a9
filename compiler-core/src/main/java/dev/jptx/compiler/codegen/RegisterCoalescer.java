package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.codegen.analysis.MachineCycles;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import java.util.ArrayList;
import java.util.List;

/**
 * Register coalescing (seed: machine-passes.md, register-coalescer; knob {@code
 * join-liveintervals}): gives a copy's source and result one register when they do not interfere,
 * then deletes the copies that became {@code %a = COPY %a}. Aggressive (Chaitin): every copy whose
 * two sides do not interfere is joined, the merged register interfering with what either did, so
 * the result stays correct; joining never raises the number of registers live at any point. Runs
 * after PHI elimination, where it removes most of the copies the conventional method made — the
 * fresh register of every PHI and the copy out of it at the top of the block. Copies in loops are
 * joined first, since they cost the most.
 */
public final class RegisterCoalescer implements MachinePass {
  @Override
  public String name() {
    return "register-coalescer";
  }

  @Override
  public boolean run(MachineFunction f) {
    InterferenceGraph g = InterferenceGraph.of(f, Liveness.of(f));
    int[] rep = new int[f.vregCount()];
    for (int r = 0; r < rep.length; r++) {
      rep[r] = r;
    }
    boolean joined = false;
    for (MachineInstr copy : copiesInLoopsFirst(f)) {
      int d = find(rep, copy.defs().get(0).id());
      int s = find(rep, CopyInstrs.source(f, copy).id());
      if (d == s || g.interfere(d, s)) {
        continue;
      }
      // keep the lower number, so the printed names follow the order values were made in
      int keep = Math.min(d, s);
      int drop = Math.max(d, s);
      g.merge(drop, keep);
      rep[drop] = keep;
      joined = true;
    }
    if (!joined) {
      return false;
    }
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> is = b.instrs();
      for (int k = 0; k < is.size(); k++) {
        is.set(k, RegisterRenaming.rename(is.get(k), r -> find(rep, r)));
      }
      is.removeIf(
          i -> CopyInstrs.source(f, i) != null && CopyInstrs.source(f, i).equals(i.defs().get(0)));
    }
    return true;
  }

  private static List<MachineInstr> copiesInLoopsFirst(MachineFunction f) {
    java.util.Set<MachineBlock> inCycles = new java.util.HashSet<>(MachineCycles.blocksInCycles(f));
    List<MachineInstr> first = new ArrayList<>();
    List<MachineInstr> rest = new ArrayList<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        if (CopyInstrs.source(f, i) != null) {
          (inCycles.contains(b) ? first : rest).add(i);
        }
      }
    }
    first.addAll(rest);
    return first;
  }

  private static int find(int[] rep, int r) {
    while (rep[r] != r) {
      rep[r] = rep[rep[r]];
      r = rep[r];
    }
    return r;
  }
}
