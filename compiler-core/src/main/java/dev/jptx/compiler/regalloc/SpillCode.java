package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.SpillOpcodes;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Spill code for one register, everywhere (Chaitin's spill-everywhere): a store into its slot right
 * after each definition and a reload right before each instruction that reads it. The register
 * keeps its name, so its live ranges shrink to def-to-store and reload-to-use and nothing else
 * needs renaming. A guarded definition is preceded by a reload too: where its predicate is false
 * the register must still hold the old value that the store after it writes back.
 */
final class SpillCode {
  private SpillCode() {}

  /**
   * Recomputes {@code reg} before each instruction that reads it, with the chain {@link Remat}
   * finds, and deletes its original definition, which nothing reads any more.
   */
  static void rematerialize(MachineFunction f, VReg reg) {
    rematerialize(f, reg, Remat.of(f), () -> Liveness.of(f)::liveOut);
  }

  /**
   * As {@link #rematerialize(MachineFunction, VReg)}, with the function's remat facts and a source
   * of each block's live-out set as the function is when asked (the budget spiller keeps both
   * current instead of finding them again).
   */
  static void rematerialize(
      MachineFunction f,
      VReg reg,
      Remat facts,
      Supplier<java.util.function.Function<MachineBlock, BitSet>> liveOut) {
    List<MachineInstr> chain = facts.chain(reg);
    if (chain == null) {
      throw new IllegalStateException(reg + " cannot be rematerialized");
    }
    MachineInstr original = chain.get(chain.size() - 1);
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> out = new ArrayList<>();
      for (MachineInstr i : b.instrs()) {
        if (i == original) {
          continue;
        }
        if (i.usedRegs().contains(reg)) {
          out.addAll(copy(f, chain, i.line()));
        }
        out.add(i);
      }
      b.instrs().clear();
      b.instrs().addAll(out);
    }
    // the chain's own originals may have fed only the deleted definition: drop them, last first
    for (int k = chain.size() - 2; k >= 0; k--) {
      removeIfDead(f, chain.get(k), liveOut.get());
    }
  }

  /**
   * A copy of {@code chain} whose last instruction writes the rematerialized register itself and
   * whose others write new registers: they keep one definition each, so a parameter load the chain
   * starts from can itself be rematerialized later instead of spilled.
   */
  private static List<MachineInstr> copy(MachineFunction f, List<MachineInstr> chain, int line) {
    Map<VReg, VReg> fresh = new HashMap<>();
    List<MachineInstr> out = new ArrayList<>();
    for (int k = 0; k < chain.size(); k++) {
      MachineInstr c = chain.get(k);
      VReg d = c.defs().get(0);
      List<MOperand> uses = new ArrayList<>();
      for (MOperand o : c.uses()) {
        uses.add(
            o instanceof MOperand.Reg r && fresh.containsKey(r.reg())
                ? MOperand.reg(fresh.get(r.reg()))
                : o);
      }
      if (k < chain.size() - 1) {
        fresh.put(d, f.newVReg(f.regClass(d)));
      }
      out.add(new MachineInstr(c.opcode(), List.of(fresh.getOrDefault(d, d)), uses, null, line));
    }
    return out;
  }

  /**
   * Deletes {@code original} (a pure instruction or parameter load) if nothing reads its result.
   */
  private static void removeIfDead(
      MachineFunction f,
      MachineInstr original,
      java.util.function.Function<MachineBlock, BitSet> liveOut) {
    for (MachineBlock b : f.blocks()) {
      BitSet l = (BitSet) liveOut.apply(b).clone();
      List<MachineInstr> is = b.instrs();
      for (int k = is.size() - 1; k >= 0; k--) {
        if (is.get(k) == original) {
          if (!l.get(original.defs().get(0).id())) {
            is.remove(k);
          }
          return;
        }
        Liveness.stepBackward(is.get(k), l, null);
      }
    }
  }

  /** Inserts the spill code of {@code reg} into {@code f}, its slot being {@code slot}. */
  static void insert(MachineFunction f, VReg reg, String slot) {
    var c = f.regClass(reg);
    List<MOperand> address = List.of(new MOperand.Sym(slot), MOperand.imm(0));
    List<MOperand> storeOperands = new ArrayList<>(address);
    storeOperands.add(MOperand.reg(reg));
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> out = new ArrayList<>();
      for (MachineInstr i : b.instrs()) {
        boolean defines = i.defs().contains(reg);
        if (i.usedRegs().contains(reg) || (defines && i.guard() != null)) {
          out.add(new MachineInstr(SpillOpcodes.reload(c), List.of(reg), address, null, i.line()));
        }
        out.add(i);
        if (defines) {
          out.add(
              new MachineInstr(SpillOpcodes.store(c), List.of(), storeOperands, null, i.line()));
        }
      }
      b.instrs().clear();
      b.instrs().addAll(out);
    }
  }
}
