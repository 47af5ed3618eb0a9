package dev.jptx.compiler.codegen.analysis;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * A number for every point of a function (seed: machine-passes.md, "LiveIntervals + SlotIndexes";
 * LLVM's SlotIndexes): blocks and instructions in layout order each take four slots. A block's
 * first slot is its start; an instruction at base {@code b} reads its sources at {@link #use}
 * ({@code b + 1}), writes its results at {@link #def} ({@code b + 2}), and a result nobody reads
 * dies at {@link #dead} ({@code b + 3}). A block ends where the next one starts. With half-open
 * segments, a source read last by an instruction ends where its results begin, so the two may share
 * a register. Slots stay valid until the function changes.
 */
public final class SlotIndexes {
  private static final int SLOTS = 4;

  private final Map<MachineInstr, Integer> base = new IdentityHashMap<>();
  private final int[] start;
  private final int[] end;

  private SlotIndexes(int blocks) {
    start = new int[blocks];
    end = new int[blocks];
  }

  /** Numbers the points of {@code f} as it is now. */
  public static SlotIndexes of(MachineFunction f) {
    int blocks = 0;
    for (MachineBlock b : f.blocks()) {
      blocks = Math.max(blocks, b.id() + 1);
    }
    SlotIndexes s = new SlotIndexes(blocks);
    int next = 0;
    for (MachineBlock b : f.blocks()) {
      s.start[b.id()] = next;
      next += SLOTS;
      for (MachineInstr i : b.instrs()) {
        s.base.put(i, next);
        next += SLOTS;
      }
      s.end[b.id()] = next;
    }
    return s;
  }

  /** The slot where {@code b} starts. */
  public int start(MachineBlock b) {
    return start[b.id()];
  }

  /** The slot where {@code b} ends: the next block's start. */
  public int end(MachineBlock b) {
    return end[b.id()];
  }

  /** The slot where {@code i} reads its sources. */
  public int use(MachineInstr i) {
    return base(i) + 1;
  }

  /** The slot where {@code i} writes its results. */
  public int def(MachineInstr i) {
    return base(i) + 2;
  }

  /** The slot where a result of {@code i} that nobody reads dies. */
  public int dead(MachineInstr i) {
    return base(i) + 3;
  }

  private int base(MachineInstr i) {
    Integer b = base.get(i);
    if (b == null) {
      throw new IllegalArgumentException("not in the numbered function: " + i);
    }
    return b;
  }
}
