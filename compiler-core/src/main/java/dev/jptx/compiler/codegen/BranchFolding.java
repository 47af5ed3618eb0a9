package dev.jptx.compiler.codegen;

import dev.jptx.compiler.mir.MOperand;
import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.target.MoveOpcodes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.Set;

/**
 * Branch folding (seed: machine-passes.md, post-RA list "BranchFolding / TailMerge"; pass {@code
 * branch-folder}, knob {@code disable-branch-fold}, {@code -O1} and above, after allocation):
 * cleans up the control flow graph until nothing changes:
 *
 * <ul>
 *   <li>removes blocks the entry cannot reach;
 *   <li>removes a block that holds nothing but an unconditional {@code BRA}: every branch to it,
 *       guarded or not, goes to its final target instead (following chains of such blocks);
 *   <li>merges a block into its single predecessor when that predecessor's only successor is it;
 *   <li>drops a guarded {@code BRA} to the block the final unconditional {@code BRA} goes to;
 *   <li>replaces a block ending in {@code BRA} that repeats an earlier one instruction for
 *       instruction by that one (the simplest case of the seed's tail merging).
 * </ul>
 *
 * <p>The entry block stays first and is never removed. Of tail merging (the seed's TailMerge) only
 * whole identical blocks are merged, not common tails of different blocks. Machine IR ends every
 * block with an explicit branch, so nothing here depends on the layout. A function with PHIs (SSA
 * form) is left alone: redirecting an edge would have to rewrite them, and the pass runs after PHI
 * elimination. Our instruction selection rarely leaves such blocks (the IR passes simplify the CFG
 * first); after allocation, copies of PHI elimination that the allocator coalesced away leave empty
 * forwarding blocks, which this pass removes.
 */
public final class BranchFolding implements MachinePass {
  @Override
  public String name() {
    return "branch-folder";
  }

  @Override
  public boolean run(MachineFunction f) {
    for (MachineBlock b : f.blocks()) {
      for (MachineInstr i : b.instrs()) {
        if (i.opcode() == MoveOpcodes.PHI) {
          return false;
        }
      }
    }
    boolean changed = false;
    boolean again = true;
    while (again) {
      again = removeUnreachable(f) | forwardEmptyBlocks(f) | dropRedundantBranches(f);
      again |= mergeIntoPredecessor(f) || mergeIdenticalBlocks(f);
      changed |= again;
    }
    return changed;
  }

  private static boolean removeUnreachable(MachineFunction f) {
    MachineBlock entry = f.blocks().get(0);
    Set<MachineBlock> seen = new HashSet<>();
    Deque<MachineBlock> work = new ArrayDeque<>();
    seen.add(entry);
    work.add(entry);
    while (!work.isEmpty()) {
      for (MachineBlock s : f.successors(work.poll())) {
        if (seen.add(s)) {
          work.add(s);
        }
      }
    }
    boolean changed = false;
    for (MachineBlock b : new ArrayList<>(f.blocks())) {
      if (!seen.contains(b)) {
        f.removeBlock(b);
        changed = true;
      }
    }
    return changed;
  }

  /** The target of a block that only branches elsewhere, or -1. */
  private static int forwardTarget(MachineBlock b) {
    if (b.instrs().size() != 1) {
      return -1;
    }
    MachineInstr i = b.instrs().get(0);
    if (i.opcode() == MoveOpcodes.BRA && i.guard() == null) {
      int t = target(i);
      return t == b.id() ? -1 : t;
    }
    return -1;
  }

  private static boolean forwardEmptyBlocks(MachineFunction f) {
    MachineBlock entry = f.blocks().get(0);
    boolean changed = false;
    for (MachineBlock b : f.blocks()) {
      ListIterator<MachineInstr> it = b.instrs().listIterator();
      while (it.hasNext()) {
        MachineInstr i = it.next();
        if (i.opcode() != MoveOpcodes.BRA) {
          continue;
        }
        int t = target(i);
        int to = finalTarget(f, t, entry);
        if (to != t) {
          it.set(i.withUses(List.of(new MOperand.BlockRef(to))));
          changed = true;
        }
      }
    }
    return changed;
  }

  /** Where a branch to {@code t} ends up past blocks that only branch on (not the entry). */
  private static int finalTarget(MachineFunction f, int t, MachineBlock entry) {
    Set<Integer> visited = new HashSet<>();
    int at = t;
    while (visited.add(at)) {
      MachineBlock b = f.block(at);
      if (b == entry) {
        return at;
      }
      int next = forwardTarget(b);
      if (next < 0) {
        return at;
      }
      at = next;
    }
    // a cycle of empty blocks (an endless loop): leave the branch as it is
    return t;
  }

  /** {@code @p BRA X; ...; BRA X}: the guarded branches to X are redundant. */
  private static boolean dropRedundantBranches(MachineFunction f) {
    boolean changed = false;
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> is = b.instrs();
      MachineInstr last = is.get(is.size() - 1);
      if (last.opcode() != MoveOpcodes.BRA || last.guard() != null) {
        continue;
      }
      int t = target(last);
      for (int k = is.size() - 2; k >= 0 && is.get(k).opcode() == MoveOpcodes.BRA; k--) {
        if (target(is.get(k)) == t) {
          is.remove(k);
          changed = true;
        }
      }
    }
    return changed;
  }

  private static boolean mergeIntoPredecessor(MachineFunction f) {
    MachineBlock entry = f.blocks().get(0);
    boolean changed = false;
    List<List<MachineBlock>> preds = f.predecessors();
    for (MachineBlock b : new ArrayList<>(f.blocks())) {
      if (!f.blocks().contains(b)) {
        continue;
      }
      MachineInstr last = b.instrs().get(b.instrs().size() - 1);
      List<MachineBlock> succ = f.successors(b);
      if (last.opcode() != MoveOpcodes.BRA || last.guard() != null || succ.size() != 1) {
        continue;
      }
      MachineBlock s = succ.get(0);
      if (s == b || s == entry || preds.get(s.id()).size() != 1) {
        continue;
      }
      // every branch of b goes to s: drop them all and continue with s's instructions
      b.instrs().removeIf(i -> i.opcode() == MoveOpcodes.BRA);
      b.instrs().addAll(s.instrs());
      s.instrs().clear();
      f.removeBlock(s);
      changed = true;
      preds = f.predecessors();
    }
    return changed;
  }

  /**
   * The simplest tail merge: a block that repeats an earlier one instruction for instruction (after
   * allocation, so on the same registers) and ends in a branch is replaced by that one; the copy
   * becomes unreachable. Line numbers are not compared (the kept block's stay).
   */
  private static boolean mergeIdenticalBlocks(MachineFunction f) {
    MachineBlock entry = f.blocks().get(0);
    Map<List<MachineInstr>, MachineBlock> seen = new LinkedHashMap<>();
    Map<Integer, Integer> replace = new HashMap<>();
    for (MachineBlock b : f.blocks()) {
      List<MachineInstr> is = b.instrs();
      MachineInstr last = is.get(is.size() - 1);
      if (b == entry || is.size() < 2 || last.opcode() != MoveOpcodes.BRA || last.guard() != null) {
        continue;
      }
      List<MachineInstr> key = new ArrayList<>();
      for (MachineInstr i : is) {
        key.add(new MachineInstr(i.opcode(), i.defs(), i.uses(), i.guard(), 0));
      }
      MachineBlock first = seen.putIfAbsent(key, b);
      if (first != null) {
        replace.put(b.id(), first.id());
      }
    }
    if (replace.isEmpty()) {
      return false;
    }
    for (MachineBlock b : f.blocks()) {
      ListIterator<MachineInstr> it = b.instrs().listIterator();
      while (it.hasNext()) {
        MachineInstr i = it.next();
        if (i.opcode() == MoveOpcodes.BRA && replace.containsKey(target(i))) {
          it.set(i.withUses(List.of(new MOperand.BlockRef(replace.get(target(i))))));
        }
      }
    }
    return true;
  }

  private static int target(MachineInstr branch) {
    return ((MOperand.BlockRef) branch.uses().get(0)).block();
  }
}
