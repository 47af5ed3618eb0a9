package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Redundant move elimination (seed: machine-passes.md, {@code redundant-move-elim}; knob {@code
 * disable-redundant-move-elim}, our choice, as the seed names none): removes the target's
 * register-to-register {@code mov} instructions of one class ({@code mov.b32 %r2, %r1}, as {@link
 * CopyInstrs} recognizes them, not the {@code COPY} pseudo) that instruction selection leaves:
 *
 * <ul>
 *   <li>a move whose source and destination are the same register (a no-op, in or out of SSA);
 *   <li>on SSA, an unguarded move whose result is read by exactly one instruction, in the move's
 *       own block and not a PHI: that reader reads the move's source and the move is deleted.
 * </ul>
 *
 * A move read several times or in other blocks is left alone: it may be what keeps a value in a
 * register class the readers want split, and folding it everywhere is the job of {@code
 * peephole-opt} for the {@code COPY} pseudo; the seed's stock pass and this NVIDIA pass thus each
 * own one kind of copy. Runs right after instruction selection at -O1 and above (the seed's
 * "Post-ISel"), so before machine CSE, whose {@code copy-prop-mcse} would otherwise read through
 * such moves as well (it does not delete them; {@code dead-mi-elimination} does). Our instruction
 * selection makes no register-to-register {@code mov} today (moves are of immediates, symbols and
 * special registers), so on the 22 benchmark kernels and the test kernels the pass never fires; it
 * is tested on machine IR that has such moves.
 */
public final class RedundantMoveElim implements MachinePass {
  @Override
  public String name() {
    return "redundant-move-elim";
  }

  @Override
  public boolean run(MachineFunction f) {
    boolean changed = false;
    // the self-moves: no-ops in and out of SSA
    for (MachineBlock b : f.blocks()) {
      changed |=
          b.instrs().removeIf(i -> isMove(f, i) && CopyInstrs.source(f, i).equals(i.defs().get(0)));
    }
    if (!f.isSsa()) {
      return changed;
    }
    // each register's reading instructions, and the block of each instruction
    Map<VReg, Set<MachineInstr>> readers = new LinkedHashMap<>();
    Map<MachineInstr, MachineBlock> blockOf = new IdentityHashMap<>();
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        blockOf.put(i, b);
        for (VReg r : i.usedRegs()) {
          readers
              .computeIfAbsent(r, k -> Collections.newSetFromMap(new IdentityHashMap<>()))
              .add(i);
        }
      }
    }
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> instrs = b.instrs();
      List<MachineInstr> moves = new ArrayList<>();
      for (MachineInstr i : instrs) {
        if (isMove(f, i)) {
          moves.add(i);
        }
      }
      // last first: a move's reader later in the block is then already in its final form
      for (int n = moves.size() - 1; n >= 0; n--) {
        MachineInstr m = moves.get(n);
        Set<MachineInstr> rs = readers.getOrDefault(m.defs().get(0), Set.of());
        if (rs.size() != 1) {
          continue;
        }
        MachineInstr reader = rs.iterator().next();
        if (blockOf.get(reader) != b || reader.opcode() == MoveOpcodes.PHI) {
          continue;
        }
        VReg src = CopyInstrs.source(f, m);
        MachineInstr folded = RegisterUses.rewritten(reader, Map.of(m.defs().get(0), src));
        int at = indexOf(instrs, reader);
        instrs.set(at, folded);
        instrs.remove(indexOf(instrs, m));
        // the folded reader now reads src: keep the reader maps true for later moves
        blockOf.remove(reader);
        blockOf.put(folded, b);
        for (Set<MachineInstr> s : readers.values()) {
          if (s.remove(reader)) {
            s.add(folded);
          }
        }
        readers
            .computeIfAbsent(src, k -> Collections.newSetFromMap(new IdentityHashMap<>()))
            .remove(m);
        readers.get(src).add(folded);
        changed = true;
      }
    }
    return changed;
  }

  /** A target move of a register to a register of its class (not the COPY pseudo). */
  private static boolean isMove(MachineFunction f, MachineInstr i) {
    return i.opcode() != MoveOpcodes.COPY && CopyInstrs.source(f, i) != null;
  }

  private static int indexOf(List<MachineInstr> instrs, MachineInstr i) {
    for (int k = 0; k < instrs.size(); k++) {
      if (instrs.get(k) == i) {
        return k;
      }
    }
    throw new IllegalStateException("instruction not in its block");
  }
}
