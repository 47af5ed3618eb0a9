package dev.jptx.compiler.codegen.analysis;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Which virtual registers are live into and out of each block (backward dataflow to a fixpoint), in
 * or out of SSA. A guarded instruction's results do not kill: on the path where its predicate is
 * false the register keeps its old value, so that value stays live above it.
 */
public final class Liveness {
  private final BitSet[] liveIn;
  private final BitSet[] liveOut;

  private Liveness(int blocks) {
    liveIn = new BitSet[blocks];
    liveOut = new BitSet[blocks];
  }

  /** Solves liveness for {@code f}. */
  public static Liveness of(MachineFunction f) {
    int n = 0;
    for (MachineBlock b : f.blocks()) {
      n = Math.max(n, b.id() + 1);
    }
    Liveness l = new Liveness(n);
    BitSet[] use = new BitSet[n];
    BitSet[] kill = new BitSet[n];
    for (MachineBlock b : f.blocks()) {
      use[b.id()] = new BitSet();
      kill[b.id()] = new BitSet();
      List<MachineInstr> is = b.instrs();
      for (int k = is.size() - 1; k >= 0; k--) {
        stepBackward(is.get(k), use[b.id()], kill[b.id()]);
      }
      l.liveIn[b.id()] = (BitSet) use[b.id()].clone();
      l.liveOut[b.id()] = new BitSet();
    }
    List<MachineBlock> order = new ArrayList<>(f.blocks());
    java.util.Collections.reverse(order);
    boolean changed = true;
    while (changed) {
      changed = false;
      for (MachineBlock b : order) {
        BitSet out = new BitSet();
        for (MachineBlock s : f.successors(b)) {
          out.or(l.liveIn[s.id()]);
        }
        BitSet in = (BitSet) out.clone();
        in.andNot(kill[b.id()]);
        in.or(use[b.id()]);
        if (!in.equals(l.liveIn[b.id()]) || !out.equals(l.liveOut[b.id()])) {
          l.liveIn[b.id()] = in;
          l.liveOut[b.id()] = out;
          changed = true;
        }
      }
    }
    return l;
  }

  /**
   * Moves {@code live} from after {@code i} to before it; {@code killed} collects the registers it
   * defines for good (null if not wanted).
   */
  public static void stepBackward(MachineInstr i, BitSet live, BitSet killed) {
    if (i.guard() == null) {
      for (VReg d : i.defs()) {
        live.clear(d.id());
        if (killed != null) {
          killed.set(d.id());
        }
      }
    } else {
      for (VReg d : i.defs()) {
        live.set(d.id());
      }
    }
    for (VReg u : i.usedRegs()) {
      live.set(u.id());
    }
  }

  /** The registers live on entry to {@code b} (do not modify). */
  public BitSet liveIn(MachineBlock b) {
    return liveIn[b.id()];
  }

  /** The registers live on exit from {@code b} (do not modify). */
  public BitSet liveOut(MachineBlock b) {
    return liveOut[b.id()];
  }
}
