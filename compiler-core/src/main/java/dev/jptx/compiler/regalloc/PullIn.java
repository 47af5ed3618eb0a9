package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One register block rematerialization can pull in: instead of holding {@code reg} from its
 * definition to readers in other blocks, each of those blocks recomputes it with a copy of {@code
 * chain} just before its first reader. The chain's registers that are not recomputed ({@code kept})
 * are read where the copies stand, so each of them must hold the value it had at the original:
 * every register named here has one unguarded definition dominating its readers, which makes that
 * so.
 *
 * @param reg the register no longer held across blocks
 * @param chain the instructions to copy, sources first; the last defines {@code reg}
 * @param sites the blocks, other than the definition's, that read {@code reg}
 * @param kept registers the copies read instead of recomputing them
 * @param extended the kept registers that are not live into every site already (the copies make
 *     them live longer); empty for a first-choice candidate
 * @param cost the clone cost of one copy of the chain (loads, width and loop depth weighed in)
 * @param units the 32-bit registers {@code reg} takes
 * @param readsSpecial whether the chain reads a special register
 */
record PullIn(
    VReg reg,
    List<MachineInstr> chain,
    List<MachineBlock> sites,
    Set<VReg> kept,
    Set<VReg> extended,
    int cost,
    int units,
    boolean readsSpecial) {
  PullIn {
    chain = List.copyOf(chain);
    sites = List.copyOf(sites);
    kept = Set.copyOf(kept);
    extended = Set.copyOf(extended);
  }

  /** The cost of every copy this pull-in makes. */
  int totalCost() {
    return cost * sites.size();
  }

  /** Copies the chain into each site under new registers, and renames the site's readers. */
  void apply(MachineFunction f) {
    for (MachineBlock site : sites) {
      List<MachineInstr> is = site.instrs();
      int first = 0;
      while (first < is.size() && !is.get(first).usedRegs().contains(reg)) {
        first++;
      }
      if (first == is.size()) {
        continue; // an earlier pull-in's copy already feeds every reader here
      }
      Map<VReg, VReg> fresh = new HashMap<>();
      List<MachineInstr> copies = new ArrayList<>();
      for (MachineInstr c : chain) {
        VReg d = c.defs().get(0);
        VReg n = f.newVReg(f.regClass(d));
        copies.add(
            new MachineInstr(
                c.opcode(), List.of(n), renamed(c.uses(), fresh), null, is.get(first).line()));
        fresh.put(d, n);
      }
      for (int k = first; k < is.size(); k++) {
        MachineInstr i = is.get(k);
        if (i.usedRegs().contains(reg)) {
          is.set(k, i.withUses(renamed(i.uses(), fresh)));
        }
      }
      is.addAll(first, copies);
    }
  }

  private static List<MOperand> renamed(List<MOperand> uses, Map<VReg, VReg> fresh) {
    List<MOperand> out = new ArrayList<>(uses.size());
    for (MOperand o : uses) {
      out.add(
          o instanceof MOperand.Reg r && fresh.containsKey(r.reg())
              ? MOperand.reg(fresh.get(r.reg()))
              : o);
    }
    return out;
  }
}
