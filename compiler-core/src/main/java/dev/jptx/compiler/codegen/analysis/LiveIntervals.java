package dev.jptx.compiler.codegen.analysis;

import dev.jptx.compiler.mir.MachineBlock;
import dev.jptx.compiler.mir.MachineFunction;
import dev.jptx.compiler.mir.MachineInstr;
import dev.jptx.compiler.mir.VReg;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

/**
 * Where each virtual register is live, as half-open segments of {@link SlotIndexes} (seed:
 * machine-passes.md, "LiveIntervals + SlotIndexes"; LLVM's LiveIntervals), in or out of SSA. A
 * segment starts where an instruction writes the register (or where a block it is live into starts)
 * and ends just after its last reader (or where a block it is live out of ends); a result nobody
 * reads lives from its write to its dead slot. A guarded write does not end the value before it
 * (where the guard is false the old value stays), as in {@link Liveness}, from whose block
 * boundaries the segments are built. So a register is live at an instruction's {@link
 * SlotIndexes#use} slot exactly when Liveness has it live just before the instruction, and at its
 * {@link SlotIndexes#def} slot when it is live just after or is a dead result there.
 */
public final class LiveIntervals {
  /** A half-open range {@code [start, end)} of slots. */
  public record Segment(int start, int end) {}

  private final SlotIndexes slots;
  private final List<List<Segment>> segments = new ArrayList<>();

  private LiveIntervals(SlotIndexes slots, int registers) {
    this.slots = slots;
    for (int r = 0; r < registers; r++) {
      segments.add(new ArrayList<>());
    }
  }

  /** The intervals of {@code f} as it is now. */
  public static LiveIntervals of(MachineFunction f) {
    SlotIndexes slots = SlotIndexes.of(f);
    Liveness live = Liveness.of(f);
    LiveIntervals li = new LiveIntervals(slots, f.vregCount());
    int[] openEnd = new int[f.vregCount()];
    for (MachineBlock b : f.blocks()) {
      BitSet open = (BitSet) live.liveOut(b).clone();
      for (int r = open.nextSetBit(0); r >= 0; r = open.nextSetBit(r + 1)) {
        openEnd[r] = slots.end(b);
      }
      List<MachineInstr> is = b.instrs();
      for (int k = is.size() - 1; k >= 0; k--) {
        MachineInstr i = is.get(k);
        for (VReg d : i.defs()) {
          if (!open.get(d.id())) {
            li.add(d.id(), slots.def(i), slots.dead(i));
            if (i.guard() != null) {
              // as in Liveness: where the guard is false the register keeps what it held, so
              // even a result nothing reads keeps the value before it alive up to here
              open.set(d.id());
              openEnd[d.id()] = slots.def(i);
            }
          } else if (i.guard() == null) {
            li.add(d.id(), slots.def(i), openEnd[d.id()]);
            open.clear(d.id());
          }
        }
        for (VReg u : i.usedRegs()) {
          if (!open.get(u.id())) {
            open.set(u.id());
            openEnd[u.id()] = slots.def(i);
          }
        }
      }
      for (int r = open.nextSetBit(0); r >= 0; r = open.nextSetBit(r + 1)) {
        li.add(r, slots.start(b), openEnd[r]);
      }
    }
    for (List<Segment> s : li.segments) {
      li.normalize(s);
    }
    return li;
  }

  private void add(int r, int start, int end) {
    segments.get(r).add(new Segment(start, end));
  }

  /** Sorts the segments and joins those that touch or overlap. */
  private void normalize(List<Segment> s) {
    s.sort(Comparator.comparingInt(Segment::start));
    List<Segment> out = new ArrayList<>();
    for (Segment g : s) {
      Segment last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && g.start() <= last.end()) {
        out.set(out.size() - 1, new Segment(last.start(), Math.max(last.end(), g.end())));
      } else {
        out.add(g);
      }
    }
    s.clear();
    s.addAll(out);
  }

  /** The slot numbering the segments are in. */
  public SlotIndexes slots() {
    return slots;
  }

  /** The segments of {@code r}, in increasing order, disjoint and not touching. */
  public List<Segment> segments(VReg r) {
    return List.copyOf(segments.get(r.id()));
  }

  /** True if {@code r} is live at {@code slot}. */
  public boolean liveAt(VReg r, int slot) {
    for (Segment s : segments.get(r.id())) {
      if (s.start() <= slot && slot < s.end()) {
        return true;
      }
    }
    return false;
  }

  /** True if some slot has both {@code a} and {@code b} live. */
  public boolean overlap(VReg a, VReg b) {
    List<Segment> x = segments.get(a.id());
    List<Segment> y = segments.get(b.id());
    int i = 0;
    int j = 0;
    while (i < x.size() && j < y.size()) {
      if (x.get(i).end() <= y.get(j).start()) {
        i++;
      } else if (y.get(j).end() <= x.get(i).start()) {
        j++;
      } else {
        return true;
      }
    }
    return false;
  }

  /**
   * The text form: each block's slots, then each register with segments, {@code %5:b32 [6,19)
   * [24,31)}.
   */
  public String print(MachineFunction f) {
    StringBuilder sb = new StringBuilder();
    for (MachineBlock b : f.blocks()) {
      sb.append("bb")
          .append(b.id())
          .append(" [")
          .append(slots.start(b))
          .append(',')
          .append(slots.end(b))
          .append(")\n");
    }
    for (int r = 0; r < segments.size(); r++) {
      if (segments.get(r).isEmpty()) {
        continue;
      }
      sb.append('%').append(r).append(':').append(f.regClass(new VReg(r)).mirName());
      for (Segment s : segments.get(r)) {
        sb.append(" [").append(s.start()).append(',').append(s.end()).append(')');
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
