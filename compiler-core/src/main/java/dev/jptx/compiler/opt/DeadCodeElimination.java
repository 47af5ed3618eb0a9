package dev.jptx.compiler.opt;

import dev.jptx.compiler.ir.Block;
import dev.jptx.compiler.ir.Function;
import dev.jptx.compiler.ir.Inst;
import dev.jptx.compiler.ir.InstData;
import dev.jptx.compiler.ir.Value;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Removes instructions whose results nothing needs. Mark and sweep: instructions with effects
 * (stores, calls, effectful intrinsics, terminators) are live, and so is every instruction whose
 * result a live one reads; the rest goes. Unlike deleting unused results one by one, this also
 * removes cycles of phis that only feed each other. Requires nothing; preserves the CFG.
 */
public final class DeadCodeElimination implements FunctionPass {
  @Override
  public String name() {
    return "dce";
  }

  @Override
  public boolean run(Function f) {
    Set<Inst> live = new HashSet<>();
    Deque<Inst> work = new ArrayDeque<>();
    for (Inst i : f.allInsts()) {
      if (hasEffect(f.data(i))) {
        live.add(i);
        work.add(i);
      }
    }
    while (!work.isEmpty()) {
      for (Value v : f.data(work.poll()).operands()) {
        Inst def = f.definingInst(v);
        if (def != null && live.add(def)) {
          work.add(def);
        }
      }
    }
    boolean changed = false;
    for (Block b : f.blocks()) {
      for (Inst i : java.util.List.copyOf(f.insts(b))) {
        if (!live.contains(i)) {
          f.remove(i);
          changed = true;
        }
      }
    }
    return changed;
  }

  /** True if removing the instruction could change what the program does. */
  static boolean hasEffect(InstData d) {
    return switch (d.opcode()) {
      case STORE, CALL, ATOMIC, JUMP, BR, SWITCH, RET -> true;
      case INTRINSIC -> ((InstData.IntrinsicCall) d).intrinsic().hasSideEffects();
      default -> false;
    };
  }
}
