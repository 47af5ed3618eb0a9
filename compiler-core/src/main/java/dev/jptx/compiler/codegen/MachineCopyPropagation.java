package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.Guard;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * MachineCopyPropagation (seed: machine-passes.md, {@code machine-cp}, knob {@code
 * disable-copyprop}), with LLVM's block-local semantics on non-SSA machine IR. Within a block, for
 * each copy {@code %a = COPY %b} ({@link CopyInstrs}: unguarded, same class) while neither register
 * is redefined:
 *
 * <ul>
 *   <li>later readers of {@code %a} read {@code %b} instead (forwarding, also into guards);
 *   <li>a second {@code %a = COPY %b}, or the reverse {@code %b = COPY %a}, is deleted: {@code %a}
 *       already holds the value.
 * </ul>
 *
 * Then, with {@link Liveness}, a copy whose result is not read before it is redefined and is not
 * live out of its block is deleted. A guarded instruction ends what is known about the registers it
 * writes (it may or may not have written them) but does not kill them for the dead-copy test (on
 * the false path the old value survives); a guarded copy is therefore never a copy here.
 *
 * <p>The pipeline runs it twice: after register coalescing (the copies the coalescer could not
 * join) and after register allocation, where values that shared no virtual register now share a
 * register and copies between them become redundant. Requires non-SSA machine IR (SSA input is left
 * alone); preserves the CFG.
 */
public final class MachineCopyPropagation implements MachinePass {
  @Override
  public String name() {
    return "machine-cp";
  }

  @Override
  public boolean run(MachineFunction f) {
    if (f.isSsa()) {
      return false;
    }
    boolean changed = false;
    for (MachineBlock b : f.blocks()) {
      changed |= forward(f, b);
    }
    Liveness liveness = Liveness.of(f);
    for (MachineBlock b : f.blocks()) {
      changed |= deleteDead(f, b, liveness.liveOut(b));
    }
    return changed;
  }

  /** Forwards copies' sources and deletes copies of values already in place; true if changed. */
  private static boolean forward(MachineFunction f, MachineBlock b) {
    // destination -> source of the copies still valid at this point, in program order
    Map<VReg, VReg> copies = new LinkedHashMap<>();
    boolean changed = false;
    List<MachineInstr> is = b.instrs();
    int k = 0;
    while (k < is.size()) {
      MachineInstr i = is.get(k);
      MachineInstr r = rewriteUses(i, copies);
      if (r != i) {
        is.set(k, r);
        i = r;
        changed = true;
      }
      VReg src = CopyInstrs.source(f, i);
      if (src != null) {
        VReg dst = i.defs().get(0);
        if (dst.equals(src) || src.equals(copies.get(dst)) || dst.equals(copies.get(src))) {
          // dst already holds src's value
          is.remove(k);
          changed = true;
          continue;
        }
      }
      for (VReg d : i.defs()) {
        invalidate(copies, d);
      }
      if (src != null) {
        copies.put(i.defs().get(0), src);
      }
      k++;
    }
    return changed;
  }

  /** Forgets every copy that reads or writes {@code r}. */
  private static void invalidate(Map<VReg, VReg> copies, VReg r) {
    copies.remove(r);
    copies.values().removeIf(r::equals);
  }

  /** {@code i} reading each copy's source instead of its destination (itself if none applies). */
  private static MachineInstr rewriteUses(MachineInstr i, Map<VReg, VReg> copies) {
    if (copies.isEmpty()) {
      return i;
    }
    boolean changed = false;
    List<MOperand> uses = new ArrayList<>(i.uses());
    for (int u = 0; u < uses.size(); u++) {
      if (uses.get(u) instanceof MOperand.Reg reg && copies.containsKey(reg.reg())) {
        uses.set(u, new MOperand.Reg(copies.get(reg.reg())));
        changed = true;
      }
    }
    MachineInstr r = changed ? i.withUses(uses) : i;
    Guard g = i.guard();
    if (g != null && copies.containsKey(g.predicate())) {
      r = r.withGuard(new Guard(copies.get(g.predicate()), g.negated()));
    }
    return r;
  }

  /** Deletes copies whose result is dead, walking {@code b} backward; true if changed. */
  private static boolean deleteDead(MachineFunction f, MachineBlock b, BitSet liveOut) {
    BitSet live = (BitSet) liveOut.clone();
    boolean changed = false;
    List<MachineInstr> is = b.instrs();
    for (int k = is.size() - 1; k >= 0; k--) {
      MachineInstr i = is.get(k);
      if (CopyInstrs.source(f, i) != null && !live.get(i.defs().get(0).id())) {
        is.remove(k);
        changed = true;
        continue;
      }
      Liveness.stepBackward(i, live, null);
    }
    return changed;
  }
}
