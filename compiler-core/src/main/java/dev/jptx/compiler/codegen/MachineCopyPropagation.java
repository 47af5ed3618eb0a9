package dev.jptx.compiler.codegen;

import dev.jptx.compiler.codegen.analysis.Liveness;
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
 * register and copies between them become redundant. Choice where the seed is silent: before
 * allocation (LLVM runs it only after) a copy is forwarded only when it reaches every reader of its
 * result and the copy then dies; forwarding into some readers alone keeps source and result live
 * side by side where the allocator would have given them one register. Requires non-SSA machine IR
 * (SSA input is left alone); preserves the CFG.
 */
public final class MachineCopyPropagation implements MachinePass {
  private final boolean allocated;

  /** The pass after register allocation ({@code allocated}) or before it. */
  public MachineCopyPropagation(boolean allocated) {
    this.allocated = allocated;
  }

  @Override
  public String name() {
    return "machine-cp";
  }

  @Override
  public boolean run(MachineFunction f) {
    boolean changed = false;
    if (!allocated) {
      Liveness before = Liveness.of(f);
      for (MachineBlock b : f.blocks()) {
        changed |= forwardWhole(f, b, before.liveOut(b));
      }
    }
    for (MachineBlock b : f.blocks()) {
      changed |= forward(f, b, allocated);
    }
    Liveness liveness = Liveness.of(f);
    for (MachineBlock b : f.blocks()) {
      changed |= deleteDead(f, b, liveness.liveOut(b));
    }
    return changed;
  }

  /**
   * Before allocation: forwards a copy's source into the readers of its result only when that
   * reaches them all and the copy then dies, and deletes the copy. Forwarding into some readers
   * only would keep both registers live side by side where the copy let the allocator give them one
   * register (a loop's phi copies came out with an extra register and more moves); after allocation
   * registers are assigned and forwarding costs nothing.
   */
  private static boolean forwardWhole(MachineFunction f, MachineBlock b, BitSet liveOut) {
    boolean changed = false;
    List<MachineInstr> is = b.instrs();
    int k = 0;
    while (k < is.size()) {
      VReg src = CopyInstrs.source(f, is.get(k));
      List<Integer> readers = src == null ? null : wholeReaders(is, k, src, liveOut);
      if (readers == null) {
        k++;
        continue;
      }
      VReg dst = is.get(k).defs().get(0);
      Map<VReg, VReg> copy = Map.of(dst, src);
      for (int j : readers) {
        is.set(j, rewriteUses(is.get(j), copy));
      }
      is.remove(k);
      changed = true;
    }
    return changed;
  }

  /**
   * The positions of the readers of the copy at {@code k}'s result, if it is dead after them and
   * {@code src} still holds the value at each; else null.
   */
  private static List<Integer> wholeReaders(
      List<MachineInstr> is, int k, VReg src, BitSet liveOut) {
    VReg dst = is.get(k).defs().get(0);
    List<Integer> readers = new ArrayList<>();
    boolean srcChanged = false;
    for (int j = k + 1; j < is.size(); j++) {
      MachineInstr i = is.get(j);
      if (i.usedRegs().contains(dst)) {
        if (srcChanged) {
          return null;
        }
        readers.add(j);
      }
      if (i.defs().contains(dst)) {
        // a guarded write leaves the copied value on its false path
        return i.guard() == null ? readers : null;
      }
      srcChanged |= i.defs().contains(src);
    }
    return liveOut.get(dst.id()) ? null : readers;
  }

  /**
   * Deletes copies of values already in place and, with {@code rewrite}, forwards copies' sources
   * into later readers; true if changed.
   */
  private static boolean forward(MachineFunction f, MachineBlock b, boolean rewrite) {
    // destination -> source of the copies still valid at this point, in program order
    Map<VReg, VReg> copies = new LinkedHashMap<>();
    boolean changed = false;
    List<MachineInstr> is = b.instrs();
    int k = 0;
    while (k < is.size()) {
      MachineInstr i = is.get(k);
      MachineInstr r = rewrite ? rewriteUses(i, copies) : i;
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
