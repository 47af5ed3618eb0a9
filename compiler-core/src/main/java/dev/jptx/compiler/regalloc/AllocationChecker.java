package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.CopyInstrs;
import dev.jptx.compiler.codegen.analysis.Liveness;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.SpillOpcodes;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Checks an allocation by replaying it symbolically (as regalloc2's checker does): for every
 * location, a register of a class or a spill slot, the set of virtual registers whose current value
 * it certainly holds, propagated forward through the blocks and intersected where paths join. A
 * read of {@code %v} must find {@code %v} in the register {@code %v} was given; a reload must find
 * it in its slot. Writing {@code %v} anywhere makes every other location's copy of {@code %v}
 * stale. So two values that are live at once in one register, or a reload of a slot that holds
 * another value or an out-of-date one, fail here instead of in a kernel's results.
 *
 * <p>Registers that are read before any definition on some path (live on entry) hold nothing
 * definite in the program either, and are not checked.
 */
public final class AllocationChecker {
  private final MachineFunction f;
  private final int[] registerOf;
  private final BitSet undefinedOnEntry;

  private AllocationChecker(MachineFunction f, int[] registerOf) {
    this.f = f;
    this.registerOf = registerOf;
    this.undefinedOnEntry = Liveness.of(f).liveIn(f.blocks().get(0));
  }

  /**
   * Checks {@code f}, with its spill code inserted and before renaming, against {@code registerOf}
   * (per register id, its register within its class).
   *
   * @throws IllegalStateException naming the function, block, instruction and register at the first
   *     read that would see a wrong value
   */
  public static void check(MachineFunction f, int[] registerOf) {
    new AllocationChecker(f, registerOf).run();
  }

  /** A location's key: {@code "r3:b32"} for a register, {@code "@slot"} for a spill slot. */
  private String register(VReg v) {
    int r = registerOf[v.id()];
    if (r < 0) {
      throw new IllegalStateException(
          f.info().name() + ": " + v + " is used but was given no register");
    }
    return "r" + r + ":" + f.regClass(v).mirName();
  }

  private void run() {
    Map<Integer, Map<String, BitSet>> in = new HashMap<>();
    MachineBlock entry = f.blocks().get(0);
    in.put(entry.id(), new TreeMap<>());
    Deque<MachineBlock> work = new ArrayDeque<>(List.of(entry));
    while (!work.isEmpty()) {
      MachineBlock b = work.pop();
      Map<String, BitSet> state = copy(in.get(b.id()));
      for (int k = 0; k < b.instrs().size(); k++) {
        step(b, k, state);
      }
      for (MachineBlock s : f.successors(b)) {
        Map<String, BitSet> old = in.get(s.id());
        Map<String, BitSet> merged = old == null ? copy(state) : meet(old, state);
        if (!Objects.equals(old, merged)) {
          in.put(s.id(), merged);
          work.add(s);
        }
      }
    }
  }

  private void step(MachineBlock b, int k, Map<String, BitSet> state) {
    MachineInstr i = b.instrs().get(k);
    for (VReg u : i.usedRegs()) {
      expect(state, register(u), u, b, k, "reads");
    }
    if (SpillOpcodes.isStore(i.opcode())) {
      VReg v = ((MOperand.Reg) i.uses().get(2)).reg();
      state.put(slot(i), bits(v.id()));
      return;
    }
    if (SpillOpcodes.isReload(i.opcode())) {
      VReg v = i.defs().get(0);
      expect(state, slot(i), v, b, k, "reloads");
      forget(state, v);
      state.put(slot(i), bits(v.id()));
      state.put(register(v), bits(v.id()));
      return;
    }
    VReg copied = CopyInstrs.source(f, i);
    if (copied != null) {
      // the result holds the source's value: whatever else that location held equal, it holds too
      VReg d = i.defs().get(0);
      BitSet same = (BitSet) state.getOrDefault(register(copied), new BitSet()).clone();
      forget(state, d);
      same.set(d.id());
      state.put(register(d), same);
      return;
    }
    for (VReg d : i.defs()) {
      String loc = register(d);
      // where a guard is false the old value stays: the register still holds d only if it did
      boolean kept = i.guard() == null || state.getOrDefault(loc, new BitSet()).get(d.id());
      forget(state, d);
      state.put(loc, kept ? bits(d.id()) : new BitSet());
    }
  }

  private static String slot(MachineInstr i) {
    MOperand.Sym s = (MOperand.Sym) i.uses().get(0);
    return "@" + s.name() + "+" + ((MOperand.Imm) i.uses().get(1)).bits();
  }

  private void expect(
      Map<String, BitSet> state, String loc, VReg v, MachineBlock b, int k, String what) {
    if (undefinedOnEntry.get(v.id()) || state.getOrDefault(loc, new BitSet()).get(v.id())) {
      return;
    }
    throw new IllegalStateException(
        String.format(
            "register allocation of %s is wrong: bb%d instruction %d (%s) %s %s from %s, which"
                + " may hold another value there",
            f.info().name(), b.id(), k, b.instrs().get(k).opcode().name(), what, v, loc));
  }

  private static void forget(Map<String, BitSet> state, VReg v) {
    for (BitSet s : state.values()) {
      s.clear(v.id());
    }
  }

  private static BitSet bits(int v) {
    BitSet s = new BitSet();
    s.set(v);
    return s;
  }

  private static Map<String, BitSet> copy(Map<String, BitSet> m) {
    Map<String, BitSet> c = new TreeMap<>();
    m.forEach((k, v) -> c.put(k, (BitSet) v.clone()));
    return c;
  }

  private static Map<String, BitSet> meet(Map<String, BitSet> a, Map<String, BitSet> b) {
    Map<String, BitSet> m = new TreeMap<>();
    for (var e : a.entrySet()) {
      BitSet other = b.get(e.getKey());
      if (other != null) {
        BitSet both = (BitSet) e.getValue().clone();
        both.and(other);
        m.put(e.getKey(), both);
      }
    }
    return m;
  }
}
