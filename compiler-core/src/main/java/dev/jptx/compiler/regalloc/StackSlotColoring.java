package dev.jptx.compiler.regalloc;

import dev.jptx.compiler.codegen.MachinePass;
import dev.jptx.compiler.mir.FrameObject;
import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.target.SpillOpcodes;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stack slot coloring (seed: machine-passes.md, stack-slot-coloring; knob {@code disable-ssc}):
 * spill slots of one size whose contents are never needed at the same time share one slot. A slot's
 * content is needed from a store into it to each reload that store reaches (backward liveness over
 * the blocks, a reload reading the slot, a store writing it); two slots interfere when one is
 * stored into while the other is needed. Slots are taken in order and each goes to the first
 * earlier slot of its size it does not interfere with, as registers are colored. Runs after
 * register allocation, before {@link FrameLayout} gives the slots their offsets.
 */
public final class StackSlotColoring implements MachinePass {
  @Override
  public String name() {
    return "stack-slot-coloring";
  }

  @Override
  public boolean run(MachineFunction f) {
    List<FrameObject> slots = new ArrayList<>();
    Map<String, Integer> index = new HashMap<>();
    for (FrameObject o : f.info().frame()) {
      if (o.name().startsWith(BudgetSpiller.SLOT_PREFIX)) {
        index.put(o.name(), slots.size());
        slots.add(o);
      }
    }
    if (slots.size() < 2) {
      return false;
    }
    boolean[][] interfere = interference(f, index, slots.size());
    int[] color = new int[slots.size()];
    boolean changed = false;
    for (int s = 0; s < slots.size(); s++) {
      color[s] = s;
      for (int t = 0; t < s; t++) {
        if (color[t] != t || slots.get(t).bytes() != slots.get(s).bytes()) {
          continue;
        }
        boolean free = true;
        for (int u = 0; u < s && free; u++) {
          free = !(color[u] == t && interfere[s][u]);
        }
        if (free) {
          color[s] = t;
          changed = true;
          break;
        }
      }
    }
    if (!changed) {
      return false;
    }
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> is = b.instrs();
      for (int k = 0; k < is.size(); k++) {
        Integer s = slotOf(is.get(k), index);
        if (s != null && color[s] != s) {
          List<MOperand> uses = new ArrayList<>(is.get(k).uses());
          uses.set(0, new MOperand.Sym(slots.get(color[s]).name()));
          is.set(k, is.get(k).withUses(uses));
        }
      }
    }
    List<FrameObject> frame = new ArrayList<>();
    for (FrameObject o : f.info().frame()) {
      Integer s = index.get(o.name());
      if (s == null || color[s] == s) {
        frame.add(o);
      }
    }
    f.setFrame(frame);
    return true;
  }

  /** The spill slot a spill store or reload addresses, or null. */
  private static Integer slotOf(MachineInstr i, Map<String, Integer> index) {
    if (!SpillOpcodes.isStore(i.opcode()) && !SpillOpcodes.isReload(i.opcode())) {
      return null;
    }
    return i.uses().get(0) instanceof MOperand.Sym s ? index.get(s.name()) : null;
  }

  /** Which slots are stored into while another's content is still to be reloaded. */
  private static boolean[][] interference(MachineFunction f, Map<String, Integer> index, int n) {
    Map<MachineBlock, BitSet> liveIn = new HashMap<>();
    f.blocks().forEach(b -> liveIn.put(b, new BitSet()));
    boolean[][] interfere = new boolean[n][n];
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int bi = f.blocks().size() - 1; bi >= 0; bi--) {
        MachineBlock b = f.blocks().get(bi);
        BitSet live = new BitSet();
        f.successors(b).forEach(s -> live.or(liveIn.get(s)));
        for (int k = b.instrs().size() - 1; k >= 0; k--) {
          MachineInstr i = b.instrs().get(k);
          Integer s = slotOf(i, index);
          if (s == null) {
            continue;
          }
          if (SpillOpcodes.isStore(i.opcode())) {
            for (int t = live.nextSetBit(0); t >= 0; t = live.nextSetBit(t + 1)) {
              interfere[s][t] = t != s;
              interfere[t][s] = t != s;
            }
            live.clear(s);
          } else {
            live.set(s);
          }
        }
        if (!live.equals(liveIn.get(b))) {
          liveIn.put(b, live);
          changed = true;
        }
      }
    }
    return interfere;
  }
}
